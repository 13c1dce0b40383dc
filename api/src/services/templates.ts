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
  return { id: r.id, name: r.name, category: r.category, title: r.title, content: r.content, tags: r.tags, readTime: r.readTime, usageCount: r.usageCount };
}

/** Content templates, persisted (the spec keeps them local; a real product keeps them across browsers). */
export type TemplatesService = ReturnType<typeof createTemplatesService>;

export function createTemplatesService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  async function list(): Promise<Template[]> {
    return (await db.select().from(templates).orderBy(asc(templates.id))).map(toTemplate);
  }

  async function create(data: TemplateData): Promise<Template> {
    const [row] = await db.insert(templates).values({ ...data, usageCount: 0, updatedAt: clock.now() }).returning();
    return toTemplate(row!);
  }

  async function update(id: number, data: TemplateData): Promise<Template> {
    const [row] = await db.update(templates).set({ ...data, updatedAt: clock.now() }).where(eq(templates.id, id)).returning();
    if (!row) throw new AppError(404, NOT_FOUND);
    return toTemplate(row);
  }

  async function remove(id: number): Promise<void> {
    const gone = await db.delete(templates).where(eq(templates.id, id)).returning({ id: templates.id });
    if (gone.length === 0) throw new AppError(404, NOT_FOUND);
  }

  /** Counts one use of a template (spec §4: Use raises usageCount by 1). */
  async function use(id: number): Promise<Template> {
    const [row] = await db
      .update(templates)
      .set({ usageCount: sql`${templates.usageCount} + 1` })
      .where(eq(templates.id, id))
      .returning();
    if (!row) throw new AppError(404, NOT_FOUND);
    return toTemplate(row);
  }

  return { list, create, update, remove, use };
}
