import { asc, eq, sql } from 'drizzle-orm';
import type { Template, TemplateInputSchema } from 'content-schema/template';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { templates } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { AppError } from '../lib/errors.ts';

type Row = typeof templates.$inferSelect;
type TemplateData = z.output<typeof TemplateInputSchema>;

const NOT_FOUND = 'Template not found';

function toTemplate(r: Row): Template {
  return {
    id: r.id,
    name: r.name,
    category: r.category,
    title: r.title,
    content: r.content,
    tags: r.tags,
    readTime: r.readTime,
    usageCount: r.usageCount,
  };
}

interface TemplatesDeps {
  db: Db;
  clock: Clock;
}

export async function listTemplates({ db }: TemplatesDeps): Promise<Template[]> {
  return (await db.select().from(templates).orderBy(asc(templates.id))).map(toTemplate);
}

export async function createTemplate({ db, clock }: TemplatesDeps, data: TemplateData): Promise<Template> {
  const [row] = await db
    .insert(templates)
    .values({ ...data, usageCount: 0, updatedAt: clock.now() })
    .returning();
  return toTemplate(row!);
}

export async function updateTemplate({ db, clock }: TemplatesDeps, id: number, data: TemplateData): Promise<Template> {
  const [row] = await db
    .update(templates)
    .set({ ...data, updatedAt: clock.now() })
    .where(eq(templates.id, id))
    .returning();
  if (!row) throw new AppError(404, NOT_FOUND);
  return toTemplate(row);
}

export async function removeTemplate({ db }: TemplatesDeps, id: number): Promise<void> {
  const gone = await db.delete(templates).where(eq(templates.id, id)).returning({ id: templates.id });
  if (gone.length === 0) throw new AppError(404, NOT_FOUND);
}

/** Counts one use of a template: the editor's Use raises its usageCount by 1. */
export async function useTemplate({ db }: TemplatesDeps, id: number): Promise<Template> {
  const [row] = await db
    .update(templates)
    .set({ usageCount: sql`${templates.usageCount} + 1` })
    .where(eq(templates.id, id))
    .returning();
  if (!row) throw new AppError(404, NOT_FOUND);
  return toTemplate(row);
}

export type TemplatesService = ReturnType<typeof createTemplatesService>;

/** Content templates, kept in the database so they follow the editor across browsers. */
export function createTemplatesService(deps: TemplatesDeps) {
  return {
    list: () => listTemplates(deps),
    create: (data: TemplateData) => createTemplate(deps, data),
    update: (id: number, data: TemplateData) => updateTemplate(deps, id, data),
    remove: (id: number) => removeTemplate(deps, id),
    use: (id: number) => useTemplate(deps, id),
  };
}
