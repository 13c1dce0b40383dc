import type { BuildHookPayload } from 'content-schema/render';
import type { Db } from '../../db/client.ts';
import type { builds } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Events } from '../../lib/events.ts';
import type { SiteRendererClient } from '../site-renderer.ts';
import type { BuildTarget } from './target.ts';

/** Posts the change list to a build hook; rejects on a non-2xx answer. */
export type HookCaller = (payload: BuildHookPayload) => Promise<void>;

/** Fetches a path of the public site; the builder uses it to confirm a change answers. */
export type SiteProbe = (path: string) => Promise<{ status: number; body: string }>;

/** A row of the build queue (site_builds). */
export type BuildRow = typeof builds.$inferSelect;

/** What the renderer says of its folder: which change it reflects, and whether only a full render will do. */
export interface RendererState {
  cursor: number;
  needsFull: boolean;
}

/** What the builder's parts share: its dependencies, who it is, and the little it remembers between passes. */
export interface BuilderContext {
  db: Db;
  clock: Clock;
  events: Events;
  target: BuildTarget;
  /** The queue this instance builds (see `queueName`); null with the builder off. */
  queue: string | null;
  /** Names this process on the leases it takes: host, pid and a random part. */
  owner: string;
  siteRoot: string;
  renderer?: SiteRendererClient;
  callHook?: HookCaller;
  probe?: SiteProbe;
  sleep: (ms: number) => Promise<void>;
  /**
   * What the renderer last said of its folder; null until it is asked. Asked once and then kept from its answers,
   * so a pass costs no round trip to a renderer that may be busy.
   */
  rendered: RendererState | null;
  /** The builds this process is running now. */
  active: Set<number>;
}

/** The context of an instance that builds: it has a queue. */
export type Building = BuilderContext & { queue: string };

/** Whether this instance builds the site (the builder is not off). */
export function building(ctx: BuilderContext): ctx is Building {
  return ctx.queue !== null;
}
