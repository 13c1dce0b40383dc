/**
 * Finds import cycles among the workspace's own TypeScript files (type-only imports included: a cycle of types
 * is still two files that cannot be understood apart). `node scripts/import-cycles.ts` prints every cycle and
 * exits 1 if there is one; scripts/test.sh runs it as a check.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const SOURCES = ['api/src', 'admin/src', 'site', 'content-schema/src', 'bench', 'scripts'];
const IMPORT = /(?:^|\n)\s*(?:import|export)\b[^'"`;]*?from\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Relative imports of one file's text, resolved to absolute paths. */
export function importsOf(file: string, text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2];
    if (spec?.startsWith('.')) found.push(path.resolve(path.dirname(file), spec));
  }
  return found;
}

/** Every elementary cycle reachable in the graph, each once, as a list of files starting from its smallest. */
export function findCycles(graph: Map<string, string[]>): string[][] {
  const cycles = new Map<string, string[]>();
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (state.get(next) === 'open') {
        const cycle = stack.slice(stack.indexOf(next));
        const start = cycle.indexOf([...cycle].sort()[0]!);
        const canonical = [...cycle.slice(start), ...cycle.slice(0, start)];
        cycles.set(canonical.join(' → '), canonical);
      } else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return [...cycles.values()];
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|tsx|astro)$/.test(e.name) && !e.parentPath.includes('node_modules'))
    .map((e) => path.join(e.parentPath, e.name));
}

if (import.meta.main) {
  const graph = new Map<string, string[]>();
  for (const file of SOURCES.flatMap((dir) => sourceFiles(path.join(ROOT, dir)))) {
    graph.set(file, importsOf(file, readFileSync(file, 'utf8')));
  }
  const cycles = findCycles(graph);
  for (const cycle of cycles) {
    console.log(`import cycle: ${[...cycle, cycle[0]!].map((f) => path.relative(ROOT, f)).join(' → ')}`);
  }
  console.log(`${graph.size} files, ${cycles.length} import cycle${cycles.length === 1 ? '' : 's'}`);
  process.exit(cycles.length ? 1 : 0);
}
