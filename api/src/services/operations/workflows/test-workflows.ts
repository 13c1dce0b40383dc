import { expect } from 'vitest';
import type { WorkflowForm } from 'content-schema/workflow';
import { postBody, testApp } from '../../../test-utils.ts';

/** Shared by the workflows' tests: an app, a workflow form, and ways to wait for what runs in the background. */
export type TestApp = Awaited<ReturnType<typeof testApp>>;

/** A signed-in app at 08:00 in Stockholm (CEST). */
export async function signedInApp(): Promise<TestApp> {
  const t = await testApp({ start: '2026-06-01T06:00:00Z' });
  await t.login();
  return t;
}

/** Lets event listeners (which run on a later tick) start their runs, then waits for the runs. */
export async function settle(app: TestApp) {
  await new Promise((r) => setTimeout(r, 30));
  await app.ctx.operations.workflows.idle();
}

/** Lets the change feed hand the change records written so far to its consumers, then waits for the runs. */
export async function settleChanges(app: TestApp) {
  await app.changeFeed.poll();
  await app.ctx.operations.workflows.idle();
}

export function form(overrides: Partial<WorkflowForm> = {}): WorkflowForm {
  return {
    name: 'Tell the editor',
    trigger: 'manual',
    actions: [{ type: 'notify', config: { recipients: ['editor'] } }],
    enabled: true,
    ...overrides,
  };
}

export async function createWorkflow(t: TestApp, overrides: Partial<WorkflowForm> = {}) {
  const res = await t.call('POST', '/api/workflows', form(overrides));
  expect(res.status).toBe(201);
  return res.json;
}

/** Runs the workflow by hand and waits for the run to end; answers the workflow and its run. */
export async function runToEnd(t: TestApp, id: number) {
  const res = await t.call('POST', '/api/workflows/execute', { workflowId: id });
  expect(res.status).toBe(200);
  expect(res.json.status).toBe('running');
  await t.ctx.operations.workflows.idle();
  const runs = (await t.call('GET', `/api/workflows/${id}/runs`)).json;
  return { workflow: (await t.call('GET', `/api/workflows/${id}`)).json, run: runs[0] };
}

export async function createPost(t: TestApp, overrides: Record<string, unknown> = {}) {
  const res = await t.call('POST', '/api/posts', postBody(overrides));
  expect(res.status).toBe(201);
  return res.json;
}
