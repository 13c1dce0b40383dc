import { sql } from 'drizzle-orm';
import type { WorkflowForm } from 'content-schema/workflow';
import { workflows } from '../../../db/schema-operations.ts';
import type { WorkflowsStore } from './context.ts';
import { create } from './crud.ts';

/** Three sample workflows, seeded once into an empty table, so a new editor sees what workflows can do. */
export const SAMPLE_WORKFLOWS: WorkflowForm[] = [
  {
    name: 'Auto-Publish Schedule',
    trigger: 'schedule',
    scheduleConfig: { frequency: 'daily', time: '09:00' },
    actions: [
      { type: 'publish', config: { condition: 'tag:auto-publish' } },
      { type: 'notify', config: { recipients: ['editor'] } },
    ],
    enabled: true,
  },
  {
    name: 'Content Backup',
    trigger: 'schedule',
    scheduleConfig: { frequency: 'weekly', time: '03:00', days: [0] },
    actions: [{ type: 'backup', config: { destination: 'local' } }],
    enabled: true,
  },
  {
    name: 'SEO Optimization Check',
    trigger: 'event',
    event: 'post_published',
    actions: [{ type: 'seo_check' }],
    enabled: true,
  },
];

/** The samples, once: AUTOINCREMENT remembers that the table ever held rows, so deleting them all sticks. */
export async function seedIfEmpty(store: WorkflowsStore): Promise<number> {
  const seq = await store.db.$client.execute(`SELECT seq FROM sqlite_sequence WHERE name = 'workflows'`);
  if (seq.rows.length > 0) return 0;
  const [{ n } = { n: 0 }] = await store.db.select({ n: sql<number>`count(*)` }).from(workflows);
  if (n > 0) return 0;
  for (const sample of SAMPLE_WORKFLOWS) await create(store, sample);
  return SAMPLE_WORKFLOWS.length;
}
