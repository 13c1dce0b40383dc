import { EventEmitter } from 'node:events';

/** Things that happened, for notifications and event-triggered workflows to react to. */
export interface AppEvents {
  post_published: { postId: number; slug: string; title: string; via: 'editor' | 'schedule' };
  post_unpublished: { postId: number; slug: string; title: string };
  schedule_failed: { scheduleId: number; postId: number; title: string; error: string };
  build_failed: { buildId: number; error: string };
  build_recovered: { buildId: number };
  build_succeeded: { buildId: number; durationMs: number };
  login_lockout: { key: string; until: Date };
  generation_finished: { postId: number; title: string; kind: 'daily' | 'deep-dive' | 'editor'; ok: boolean; error?: string };
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
        .catch((err: unknown) => console.error(`[events] ${name} listener failed:`, err instanceof Error ? err.message : err));
    });
  }
}
