/**
 * Automation: daily and Deep Dive drafts from the topic queues, the weekly slot clock and the editor's persona
 * generation, all through one generator. Rows are the source of truth: a run row records every attempt, its
 * insert claims a scheduled slot, and a draft's post, its topic's consumption and its run's success commit in
 * one batch, so a failure leaves no post and the topic back in its queue.
 *
 * The parts, in the order a draft goes through them: topics.ts (the queues), slot-tick.ts (the schedule),
 * generate.ts (the editor's requests), run-draft.ts (one run to its end), status.ts (what the tab shows).
 */
import type { GenerationKind } from 'content-schema/generation';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Events } from '../../lib/events.ts';
import type { Job } from '../../lib/jobs.ts';
import type { PostsService } from '../posts/index.ts';
import type { AutomationContext } from './context.ts';
import { generate, generateForEditor } from './generate.ts';
import { providerFromEnv, type WritingProvider } from './providers.ts';
import { tick } from './slot-tick.ts';
import { automationStatus, recentRuns, setPaused } from './status.ts';
import { createTopicQueues } from './topics.ts';

/** How long a run may hold its topic beyond the provider's own deadline before the reservation lapses. */
const LEASE_MARGIN_MS = 60_000;
/** How often the slot clock is polled. */
const POLL_MS = 15_000;

export type AutomationService = ReturnType<typeof createAutomationService>;

export function createAutomationService(deps: {
  db: Db;
  env: Env;
  clock: Clock;
  events: Events;
  posts: PostsService;
  /** Defaults to the provider the environment configures (a model, else the offline composer). */
  provider?: WritingProvider;
}) {
  const { db, clock, events, posts } = deps;
  const provider = deps.provider ?? providerFromEnv(deps.env);
  const topics = createTopicQueues({ db, clock });
  const ctx: AutomationContext = {
    db,
    clock,
    events,
    posts,
    provider,
    topics,
    leaseMs: deps.env.LLM_TIMEOUT_MS + LEASE_MARGIN_MS,
  };
  /** Polls the slot clock; a slot missed while the server was down runs on the first run if still the same day. */
  const job: Job = { name: 'automation', everyMs: POLL_MS, run: () => tick(ctx) };
  return {
    status: () => automationStatus(ctx),
    setPaused: (paused: boolean) => setPaused(ctx, paused),
    generate: (kind: GenerationKind) => generate(ctx, kind),
    generateForEditor: (input: { personaId: string; topic: string }) => generateForEditor(ctx, input),
    tick: () => tick(ctx),
    job,
    topics,
    runs: (limit?: number) => recentRuns(ctx, limit),
    provider,
  };
}
