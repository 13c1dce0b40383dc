import type { Db } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { ActionRunner } from './actions.ts';

/** What the workflow rows need: the database and the clock. */
export interface WorkflowsStore {
  db: Db;
  clock: Clock;
}

/** What starting and running workflows needs besides the rows. */
export interface WorkflowsContext extends WorkflowsStore {
  notifications: NotificationsService;
  runAction: ActionRunner;
  /** Runs going on in the background, so tests and shutdown can wait for them. */
  inflight: Set<Promise<void>>;
}
