import { Hono } from 'hono';
import { LIBRARY_IMAGE_SRC } from 'content-schema/markdown-images';
import { MEDIA_ERRORS, MediaDetailsInputSchema, MediaQuerySchema } from 'content-schema/media';
import type { AppContext, AppEnv } from '../app-env.ts';
import { AppError, validate } from '../lib/errors.ts';
import { idParam, readJson } from '../lib/http.ts';
import { requireAdmin } from '../lib/require-admin.ts';
import { contentTypeOf, MEDIA_FILE } from '../services/media/store.ts';

/** The upload's file name, sent URL-encoded in X-File-Name (a header carries no other characters safely). */
function fileNameOf(header: string | undefined): string | undefined {
  if (!header) return undefined;
  try {
    return decodeURIComponent(header);
  } catch {
    return header;
  }
}

/**
 * The library (every route needs a session). An upload is the image's bytes as the body (any content type: the
 * bytes decide what it is), up to MAX_UPLOAD_BYTES (middleware.ts refuses more before reading it).
 */
export function mediaRoutes(services: Pick<AppContext, 'media'>) {
  return new Hono<AppEnv>()
    .use(requireAdmin)
    .get('/', async (c) => c.json(await services.media.list(validate(MediaQuerySchema, c.req.query()))))
    .post('/', async (c) => {
      const data = Buffer.from(await c.req.arrayBuffer());
      return c.json(await services.media.upload(data, fileNameOf(c.req.header('X-File-Name'))), 201);
    })
    .get('/:id', async (c) => c.json(await services.media.get(idParam(c, 'id', MEDIA_ERRORS.notFound))))
    .put('/:id', async (c) => {
      const id = idParam(c, 'id', MEDIA_ERRORS.notFound);
      return c.json(await services.media.update(id, validate(MediaDetailsInputSchema, await readJson(c))));
    })
    .put('/:id/file', async (c) => {
      const id = idParam(c, 'id', MEDIA_ERRORS.notFound);
      const data = Buffer.from(await c.req.arrayBuffer());
      return c.json(await services.media.replace(id, data, fileNameOf(c.req.header('X-File-Name'))));
    })
    .delete('/:id', async (c) => {
      await services.media.remove(idParam(c, 'id', MEDIA_ERRORS.notFound));
      return c.json({ ok: true as const });
    });
}

/**
 * The media files, public: names are content hashes, so an answer never changes and is cached for a year. A post
 * body names a library image by its number (`/media/42`, markdown-images.ts): that redirects to its fallback file,
 * for the editor's preview and anything else that reads the markdown (published pages carry the files themselves).
 */
export function mediaFilesRoutes(services: Pick<AppContext, 'media'>) {
  return new Hono<AppEnv>().on(['GET', 'HEAD'], '/:file', async (c) => {
    const file = c.req.param('file');
    if (LIBRARY_IMAGE_SRC.test(`/media/${file}`)) {
      const fallback = await services.media.fallbackFile(Number(file));
      if (!fallback) throw new AppError(404, 'Not found');
      return c.redirect(`/media/${fallback}`, 302);
    }
    const data = MEDIA_FILE.test(file) ? await services.media.read(file) : null;
    if (!data) throw new AppError(404, 'Not found');
    const etag = `"${file.slice(0, 32)}"`;
    const headers = {
      'Content-Type': contentTypeOf(file),
      'Cache-Control': 'public, max-age=31536000, immutable',
      ETag: etag,
    };
    if (c.req.header('If-None-Match') === etag) return c.body(null, 304, headers);
    if (c.req.method === 'HEAD') return c.body(null, 200, { ...headers, 'Content-Length': String(data.length) });
    return c.body(new Uint8Array(data), 200, {
      ...headers,
      'Content-Length': String(data.length),
    });
  });
}
