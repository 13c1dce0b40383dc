/**
 * The warm renderer from the command line, for builds away from the API (a CDN's build step behind
 * BUILD_HOOK_URL, see netlify.toml):
 *
 *   node site/render/cli.ts full  --root .site --out dist/site
 *   node site/render/cli.ts apply --root .site --out dist/site --payload hook-payload.json
 *
 * `full` renders every page from the API (SITE_API_URL) into a new tree under --root. `apply` takes the JSON the
 * build hook received (content-schema BuildHookPayload; from --payload or INCOMING_HOOK_BODY, which Netlify sets
 * for builds its build hooks start) and renders only what those changes affect into the tree
 * kept under --root from the previous build (a build cache); without one it falls back to `full`. Either way the
 * finished tree is copied to --out, the folder the host publishes.
 */
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { BuildHookPayloadSchema } from 'content-schema/render';
import { env } from '../lib/build/env.ts';
import { openRenderer } from './renderer/index.ts';
import { apiSource } from './source.ts';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    root: { type: 'string', default: '.site' },
    out: { type: 'string' },
    payload: { type: 'string' },
    dist: { type: 'string', default: 'dist' },
  },
});
const mode = positionals[0];
if (mode !== 'full' && mode !== 'apply') {
  console.error('usage: node site/render/cli.ts full|apply --root DIR [--out DIR] [--payload FILE] [--dist DIR]');
  process.exit(2);
}

const renderer = await openRenderer({
  distDir: resolve(values.dist!),
  siteRoot: resolve(values.root!),
  siteUrl: env.SITE_URL,
  source: apiSource(env.SITE_API_URL),
});

let result;
if (mode === 'apply' && !renderer.needsFull()) {
  const text = values.payload ? readFileSync(values.payload, 'utf8') : env.INCOMING_HOOK_BODY;
  if (!text) throw new Error('apply needs the hook payload: --payload FILE, or INCOMING_HOOK_BODY');
  const payload = BuildHookPayloadSchema.parse(JSON.parse(text));
  result =
    payload.kind === 'full'
      ? await renderer.renderAll(payload.toChange)
      : await renderer.applyChanges(payload.changes, payload.toChange);
} else {
  if (mode === 'apply') console.log('No previous tree under --root (or other site code): rendering everything.');
  result = await renderer.renderAll(0);
}
// A remote build ends complete: the related-article refreshes and search indexing a live renderer does later
// happen now.
while (await renderer.backgroundStep());
while (await renderer.searchStep());
for (const e of result.postErrors) console.error(`post ${e.postId} “${e.title}” could not be rendered: ${e.reason}`);
console.log(
  `${mode}: ${result.written} files written, ${result.removed} removed in ${Math.round(result.durationMs)} ms`,
);
if (values.out) {
  const out = resolve(values.out);
  rmSync(out, { recursive: true, force: true });
  cpSync(renderer.liveDir()!, out, { recursive: true });
  // The search index's bookkeeping stays with the cached tree; the published copy needs only the bundles.
  rmSync(`${out}/pagefind/state.json`, { force: true });
}
