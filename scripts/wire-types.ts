/**
 * Lists every type or zod object declared outside content-schema that re-declares a wire shape of content-schema
 * (the same fields as one of its object schemas, or nearly), and fails when there is one: the wire's shapes are
 * declared once, in content-schema, and everything else imports them.
 *
 * A declaration matches a schema when they share at least MIN_SHARED field names and the shared names are at least
 * OVERLAP of the larger of the two. Usage: node scripts/wire-types.ts
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { z } from 'zod';

const ROOT = resolve(import.meta.dirname, '..');
const SCHEMA_DIR = join(ROOT, 'content-schema/src');
const SCANNED = ['api/src', 'admin/src', 'site'];
const MIN_SHARED = 4;
const OVERLAP = 0.8;
/** Shapes that resemble a wire shape but never cross the wire, by the name they are declared under. */
const NOT_WIRE: Record<string, string> = {
  StoredDraftValuesSchema: "the editor's unsaved form values in localStorage, re-read leniently field by field",
  EditorPrefillSchema: 'content handed between admin features as router state (a template, an AI draft)',
};

const isSource = (name: string) =>
  /\.(ts|tsx)$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name) && !name.endsWith('.d.ts');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? files(path) : isSource(entry.name) ? [path] : [];
  });
}

/** The field names of every object schema content-schema exports (arrays and optionals unwrapped). */
async function wireShapes(): Promise<{ name: string; fields: Set<string> }[]> {
  const shapes: { name: string; fields: Set<string> }[] = [];
  for (const file of files(SCHEMA_DIR)) {
    const module = (await import(file)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      let schema = value;
      while (schema instanceof z.ZodArray || schema instanceof z.ZodOptional || schema instanceof z.ZodNullable)
        schema = schema instanceof z.ZodArray ? schema.element : schema.unwrap();
      if (schema instanceof z.ZodPipe) schema = schema.in;
      if (schema instanceof z.ZodObject)
        shapes.push({ name: `${relative(ROOT, file)}: ${name}`, fields: new Set(Object.keys(schema.shape)) });
    }
  }
  return shapes;
}

/** Interfaces, object type aliases and `z.object({...})` literals in a file, with their field names. */
function declarations(file: string): { name: string; fields: Set<string> }[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: { name: string; fields: Set<string> }[] = [];
  const where = (node: ts.Node) =>
    `${relative(ROOT, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const names = (members: ts.NodeArray<ts.Node>) =>
    new Set(
      members.flatMap((m) => {
        const name = (m as { name?: ts.Node }).name;
        return name && (ts.isIdentifier(name) || ts.isStringLiteral(name)) ? [name.text] : [];
      }),
    );
  const visit = (node: ts.Node) => {
    if (ts.isInterfaceDeclaration(node))
      found.push({ name: `${where(node)} interface ${node.name.text}`, fields: names(node.members) });
    if (ts.isTypeAliasDeclaration(node) && ts.isTypeLiteralNode(node.type))
      found.push({ name: `${where(node)} type ${node.name.text}`, fields: names(node.type.members) });
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'object' &&
      node.arguments[0] &&
      ts.isObjectLiteralExpression(node.arguments[0])
    ) {
      let owner: ts.Node | undefined = node.parent;
      while (owner && !ts.isVariableDeclaration(owner) && !ts.isSourceFile(owner)) owner = owner.parent;
      const variable =
        owner && ts.isVariableDeclaration(owner) && ts.isIdentifier(owner.name) ? owner.name.text : '(inline)';
      if (!(variable in NOT_WIRE))
        found.push({ name: `${where(node)} z.object ${variable}`, fields: names(node.arguments[0].properties) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const shapes = await wireShapes();
const duplicates: string[] = [];
for (const dir of SCANNED) {
  for (const file of files(join(ROOT, dir))) {
    for (const declared of declarations(file)) {
      for (const shape of shapes) {
        const shared = [...declared.fields].filter((f) => shape.fields.has(f)).length;
        if (shared >= MIN_SHARED && shared >= OVERLAP * Math.max(declared.fields.size, shape.fields.size)) {
          duplicates.push(`${declared.name} re-declares ${shape.name} (${shared} shared fields)`);
          break;
        }
      }
    }
  }
}
for (const line of duplicates) console.log(line);
console.log(`${duplicates.length} wire shape(s) declared outside content-schema (${shapes.length} schemas compared)`);
process.exit(duplicates.length ? 1 : 0);
