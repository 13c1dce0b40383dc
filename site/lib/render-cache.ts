/**
 * A build-to-build cache of rendered article bodies. Astro clears its own content store whenever
 * its config digest changes, and the embedded builder changes `outDir` on every build, so without
 * this every publish would render every post's markdown again (about 10 ms a post). Entries are
 * keyed by a digest of the markdown plus the renderer's identity, so a change to the renderer or
 * its allow-list invalidates them all.
 */
import { createHash } from 'node:crypto';
import { readFile, rename, writeFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';

interface CacheFile {
  renderer: string;
  entries: Record<string, string>;
}

export class RenderCache {
  private readonly used = new Map<string, string>();
  private hits = 0;

  private readonly path: string;
  private readonly renderer: string;
  private readonly previous: Record<string, string>;

  private constructor(path: string, renderer: string, previous: Record<string, string>) {
    this.path = path;
    this.renderer = renderer;
    this.previous = previous;
  }

  /** Opens the cache at `path`; a missing, corrupt or other-renderer file starts empty. */
  static async open(path: string, renderer: string): Promise<RenderCache> {
    try {
      const file = JSON.parse(await readFile(path, 'utf8')) as Partial<CacheFile>;
      const entries =
        file.renderer === renderer && file.entries && typeof file.entries === 'object' ? file.entries : {};
      return new RenderCache(path, renderer, entries);
    } catch {
      return new RenderCache(path, renderer, {});
    }
  }

  /** The cached HTML for this markdown, or the rendered one (then remembered). */
  render(markdown: string, renderHtml: (markdown: string) => string): string {
    const key = createHash('sha256').update(markdown).digest('base64url');
    const cached = this.used.get(key) ?? this.previous[key];
    if (typeof cached === 'string') {
      this.hits++;
      this.used.set(key, cached);
      return cached;
    }
    const html = renderHtml(markdown);
    this.used.set(key, html);
    return html;
  }

  /** How many bodies came from the cache. */
  get cacheHits(): number {
    return this.hits;
  }

  /** Writes only the entries this build used (so deleted posts drop out), atomically. */
  async save(): Promise<void> {
    const file: CacheFile = { renderer: this.renderer, entries: Object.fromEntries(this.used) };
    await mkdir(dirname(this.path), { recursive: true });
    const temp = `${this.path}.${process.pid}.tmp`;
    await writeFile(temp, JSON.stringify(file));
    await rename(temp, this.path);
  }
}

/** Identity of the renderer: a hash of the given source texts (the markdown module and our HTML touches). */
export function rendererIdentity(...sources: string[]): string {
  const hash = createHash('sha256');
  for (const source of sources) hash.update(source).update('\0');
  return hash.digest('base64url');
}
