/**
 * The workspace's import boundaries as one ESLint rule:
 * - site, admin and api depend on content-schema only, by its package name ('content-schema/post'), never on
 *   each other and never on content-schema's files by relative path;
 * - content-schema depends on no other package of the workspace;
 * - in the admin, a feature (admin/src/features/<name>/) uses another feature only through its index file;
 * - in the API, routes do not import the app (the app mounts routes, not the other way round).
 * Relative imports are resolved against the importing file, so the depth of a path cannot hide a crossing.
 */
import path from 'node:path';
import type { Rule } from 'eslint';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PACKAGES = new Set(['api', 'admin', 'site', 'content-schema']);

/** The workspace package a path lies in ('api', 'admin', 'site', 'content-schema'), or null. */
function packageOf(file: string): string | null {
  const first = path.relative(ROOT, file).split(path.sep)[0];
  return first !== undefined && PACKAGES.has(first) ? first : null;
}

const rel = (file: string) => path.relative(ROOT, file).split(path.sep).join('/');
const featureOf = (file: string) => /^admin\/src\/features\/([^/]+)\//.exec(rel(file))?.[1] ?? null;

const rule: Rule.RuleModule = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep imports inside the workspace boundaries' },
    messages: {
      crossPackage: '{{from}} may not import from {{to}}: share code through content-schema.',
      relativeSchema: "Import content-schema by its package name ('content-schema/…'), not by a relative path.",
      schemaDepends: 'content-schema is the contract: it may not import from {{to}}.',
      crossFeature:
        "Feature '{{from}}' may not import feature '{{to}}'s files: import its index.ts, or move what both use to admin/src/components or admin/src/lib.",
      routeImportsApp:
        'Routes may not import the app: take what the route needs as a parameter (see api/src/app-env.ts for types).',
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const from = packageOf(file);
    if (!from) return {};

    function check(node: Rule.Node, source: unknown) {
      if (typeof source !== 'string') return;
      if (!source.startsWith('.')) {
        const name = source.split('/')[0] ?? '';
        if (PACKAGES.has(name) && name !== from) {
          if (from === 'content-schema') context.report({ node, messageId: 'schemaDepends', data: { to: name } });
          else if (name !== 'content-schema')
            context.report({ node, messageId: 'crossPackage', data: { from, to: name } });
        }
        return;
      }
      const target = path.resolve(path.dirname(file), source);
      const to = packageOf(target);
      // The workspace's tools (scripts/, bench/) are not packages: a test may check a package against its generator.
      if (to === null && from !== 'content-schema') return;
      if (to !== from) {
        if (to === 'content-schema') context.report({ node, messageId: 'relativeSchema' });
        else if (from === 'content-schema')
          context.report({ node, messageId: 'schemaDepends', data: { to: to ?? rel(target) } });
        else context.report({ node, messageId: 'crossPackage', data: { from, to: to ?? rel(target) } });
        return;
      }
      const [ownFeature, targetFeature] = [featureOf(file), featureOf(target)];
      // A feature's index file is its public face; everything else in it is its own.
      const publicEntry = /^admin\/src\/features\/[^/]+\/index(\.tsx?)?$/.test(rel(target));
      if (ownFeature && targetFeature && ownFeature !== targetFeature && !publicEntry) {
        context.report({ node, messageId: 'crossFeature', data: { from: ownFeature, to: targetFeature } });
      }
      if (rel(file).startsWith('api/src/routes/') && rel(target).replace(/\.ts$/, '') === 'api/src/app') {
        context.report({ node, messageId: 'routeImportsApp' });
      }
    }

    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export default { rules: { boundaries: rule } };
