import { Hono, type Context } from 'hono';
import { WorkingCopyKeySchema, WorkingCopyWriteSchema } from 'content-schema/revisions';
import type { AppContext, AppEnv } from '../app-env.ts';
import { AppError, validate } from '../lib/errors.ts';
import { readJson } from '../lib/http.ts';
import { requireAdmin } from '../lib/require-admin.ts';
import { COPY_NOT_FOUND } from '../services/working-copies.ts';

/** The key in the path, or 404: a key of no known form names no copy. */
function keyParam(c: Context<AppEnv>): string {
  const parsed = WorkingCopyKeySchema.safeParse(c.req.param('key') ?? '');
  if (!parsed.success) throw new AppError(404, COPY_NOT_FOUND);
  return parsed.data;
}

/** Autosaved working copies (/api/working-copies): the editor's only; writing one never touches a post. */
export function workingCopiesRoutes(services: Pick<AppContext, 'workingCopies'>) {
  return new Hono<AppEnv>()
    .use('*', requireAdmin)
    .get('/', async (c) => c.json(await services.workingCopies.list(c.get('user')!.username)))
    .get('/:key', async (c) => c.json(await services.workingCopies.read(keyParam(c))))
    .put('/:key', async (c) => {
      const key = keyParam(c);
      const input = validate(WorkingCopyWriteSchema, await readJson(c));
      return c.json(await services.workingCopies.write(key, input, c.get('user')!.username));
    })
    .delete('/:key', async (c) => {
      await services.workingCopies.remove(keyParam(c));
      return c.json({ ok: true });
    });
}
