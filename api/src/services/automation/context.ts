import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Events } from '../../lib/events.ts';
import type { PostsService } from '../posts/index.ts';
import type { WritingProvider } from './providers.ts';
import type { TopicQueues } from './topics.ts';

/** What the automation's functions share; createAutomationService builds it once. */
export interface AutomationContext {
  db: Db;
  clock: Clock;
  events: Events;
  posts: PostsService;
  provider: WritingProvider;
  topics: TopicQueues;
  /** How long a run may hold its topic before the reservation lapses (the provider's deadline and a margin). */
  leaseMs: number;
}
