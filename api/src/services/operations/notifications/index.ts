import type { Db } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { Events } from '../../../lib/events.ts';
import type { PostChange } from '../../changes.ts';
import { onChanges, subscribe } from './events.ts';
import {
  create,
  group,
  list,
  markAllRead,
  markRead,
  remove,
  type NewNotification,
  type NotificationsStore,
} from './store.ts';

export type NotificationsService = ReturnType<typeof createNotificationsService>;

/** The administrator's notifications: stored (store.ts) from the events that matter to them (events.ts). */
export function createNotificationsService(deps: { db: Db; clock: Clock }) {
  const store: NotificationsStore = { db: deps.db, clock: deps.clock };
  return {
    create: (input: NewNotification) => create(store, input),
    group: (input: NewNotification) => group(store, input),
    list: () => list(store),
    markRead: (id: number) => markRead(store, id),
    markAllRead: () => markAllRead(store),
    remove: (id: number) => remove(store, id),
    subscribe: (events: Events) => subscribe(store, events),
    onChanges: (changes: PostChange[]) => onChanges(store, changes),
  };
}
