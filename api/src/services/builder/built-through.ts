/** How far a target is built: the change record id it reflects, kept in site_targets and told by its renderer. */
import { eq } from 'drizzle-orm';
import { siteTargets } from '../../db/schema.ts';
import type { BuilderContext, Building, RendererState } from './context.ts';

/** What the renderer last said of its folder, asking it only when nothing is kept. */
export async function rendererState(ctx: BuilderContext): Promise<RendererState> {
  ctx.rendered ??= await ctx.renderer!.status();
  return ctx.rendered;
}

/**
 * The change record id the target reflects. An embedded target may be shared by several builders (instances
 * on one machine and folder): what this renderer last said is then older than what another one built since, so
 * the record in the database counts too.
 */
export async function builtThrough(ctx: Building): Promise<number> {
  const [row] = await ctx.db.select().from(siteTargets).where(eq(siteTargets.target, ctx.queue));
  const recorded = row?.builtThrough ?? 0;
  return ctx.target === 'embedded' ? Math.max(recorded, (await rendererState(ctx)).cursor) : recorded;
}

/** Records that the target reflects every change up to `through`. */
export async function setBuiltThrough(ctx: Building, through: number): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db
    .insert(siteTargets)
    .values({ target: ctx.queue, builtThrough: through, updatedAt: now })
    .onConflictDoUpdate({ target: siteTargets.target, set: { builtThrough: through, updatedAt: now } });
}
