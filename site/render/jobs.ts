/**
 * One worker, two kinds of work. Urgent jobs (publishes) run as soon as nothing else runs, or at the next
 * checkpoint of a long job (a full render, a background refresh), which calls `checkpoint()` every few pages.
 * So a publish waits for at most one slice of long work, and long jobs never run two at once.
 */
export class Jobs {
  #urgent: (() => Promise<void>)[] = [];
  #long: ((checkpoint: () => Promise<void>) => Promise<void>)[] = [];
  #state: 'idle' | 'urgent' | 'long' = 'idle';

  /** Runs `fn` ahead of long work; resolves with its result. */
  urgent<T>(fn: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#urgent.push(() => fn().then(resolve, reject));
      if (this.#state === 'idle') void this.#next();
    });
  }

  /** Runs `fn` when no other long job runs; `fn` must call the checkpoint it is given every few ms. */
  long<T>(fn: (checkpoint: () => Promise<void>) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#long.push((checkpoint) => fn(checkpoint).then(resolve, reject));
      if (this.#state === 'idle') void this.#next();
    });
  }

  /** Whether a long job waits for the one running (which may then stop early and queue itself again). */
  get longWaiting(): boolean {
    return this.#long.length > 0;
  }

  /** Whether nothing runs or waits. */
  get idle(): boolean {
    return this.#state === 'idle' && this.#urgent.length === 0 && this.#long.length === 0;
  }

  /** Runs every waiting urgent job; long jobs call this between slices. */
  checkpoint = async (): Promise<void> => {
    if (this.#urgent.length === 0) return;
    const was = this.#state;
    this.#state = 'urgent';
    while (this.#urgent.length > 0) await this.#urgent.shift()!();
    this.#state = was;
  };

  async #next(): Promise<void> {
    while (this.#urgent.length > 0 || this.#long.length > 0) {
      if (this.#urgent.length > 0) {
        this.#state = 'urgent';
        await this.#urgent.shift()!();
      } else {
        this.#state = 'long';
        await this.#long.shift()!(this.checkpoint);
      }
    }
    this.#state = 'idle';
  }
}
