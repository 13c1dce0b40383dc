import { EventEmitter } from 'node:events';
import type { Lockout } from '../services/login-limiter.ts';

/**
 * Things that happened on this instance, for notifications and workflows to react to. Post changes are not
 * here: they are the change record (services/changes.ts), which every instance can read.
 */
export interface AppEvents {
  schedule_failed: { scheduleId: number; postId: number; title: string; error: string };
  build_failed: { buildId: number; error: string };
  build_recovered: { buildId: number };
  build_succeeded: { buildId: number; durationMs: number };
  /** A post a build could not render; the rest of the build went live. */
  build_post_failed: { buildId: number; postId: number; title: string; slug: string | null; reason: string };
  /** A change readers were promised is not live a minute after the editor's action. */
  publish_late: { postId: number; title: string; slug: string | null };
  /** A sign-in bucket locked (once per episode; see services/login-limiter.ts). */
  login_lockout: Lockout;
  generation_finished: {
    postId: number;
    title: string;
    kind: 'daily' | 'deep-dive' | 'editor';
    ok: boolean;
    error?: string;
  };
}

export type EventName = keyof AppEvents;

/** A typed in-process event bus; listeners must not throw (errors are logged, never propagated). */
export class Events {
  readonly #emitter = new EventEmitter();

  emit<K extends EventName>(name: K, payload: AppEvents[K]): void {
    this.#emitter.emit(name, payload);
  }

  on<K extends EventName>(name: K, listener: (payload: AppEvents[K]) => unknown): void {
    this.#emitter.on(name, (payload: AppEvents[K]) => {
      Promise.resolve()
        .then(() => listener(payload))
        .catch((err: unknown) =>
          console.error(`[events] ${name} listener failed:`, err instanceof Error ? err.message : err),
        );
    });
  }
}
