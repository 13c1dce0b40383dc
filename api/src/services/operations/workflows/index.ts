/**
 * Workflows, driven by rows: what starts them (a schedule, an event, the editor) claims the workflow and creates
 * its run in one write batch, so each run happens once however many instances see the cause.
 *
 * Read in the order data flows: crud.ts (the rows, checked by validate.ts, next runs from cron.ts), runs.ts (claim
 * and run, the actions of actions.ts), schedule.ts and triggers.ts (what starts runs), seed.ts (the samples).
 */
import type { RunContext, WorkflowForm } from 'content-schema/workflow';
import type { Db } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { Events } from '../../../lib/events.ts';
import type { PostChange } from '../../changes.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { ActionRunner } from './actions.ts';
import type { WorkflowsContext } from './context.ts';
import { create, get, list, listRuns, remove, toggle, update } from './crud.ts';
import type { WorkflowRow } from './rows.ts';
import { execute, idle } from './runs.ts';
import { recover, scheduleJob, tick } from './schedule.ts';
import { seedIfEmpty } from './seed.ts';
import { onChanges, onEvent, subscribe } from './triggers.ts';

export type WorkflowsService = ReturnType<typeof createWorkflowsService>;

/** The workflows service: what the routes ask of it, the schedule's job, and the event and change hooks. */
export function createWorkflowsService(deps: {
  db: Db;
  clock: Clock;
  notifications: NotificationsService;
  runAction: ActionRunner;
}) {
  const ctx: WorkflowsContext = { ...deps, inflight: new Set() };
  return {
    list: () => list(ctx),
    get: (id: number) => get(ctx, id),
    create: (form: WorkflowForm) => create(ctx, form),
    update: (id: number, form: WorkflowForm) => update(ctx, id, form),
    remove: (id: number) => remove(ctx, id),
    toggle: (id: number, enabled: boolean) => toggle(ctx, id, enabled),
    runs: (id: number) => listRuns(ctx, id),
    execute: (id: number) => execute(ctx, id),
    tick: () => tick(ctx),
    onEvent: (event: WorkflowRow['event'] & string, post?: RunContext['post']) => onEvent(ctx, event, post),
    subscribe: (events: Events) => subscribe(ctx, events),
    onChanges: (changes: PostChange[]) => onChanges(ctx, changes),
    seedIfEmpty: () => seedIfEmpty(ctx),
    recover: () => recover(ctx),
    /** The schedule's tick, for the server to start; its drain waits for the runs in flight. */
    jobs: [scheduleJob(ctx)],
    /** Resolves when every run in flight has finished. */
    idle: () => idle(ctx),
  };
}
