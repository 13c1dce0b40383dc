import { Hono } from 'hono';
import { WorkflowExecuteSchema, WorkflowFormSchema, WorkflowToggleSchema } from 'content-schema/workflow';
import type { AppContext, AppEnv } from '../app-env.ts';
import { validate } from '../lib/errors.ts';
import { idParam, readJson } from '../lib/http.ts';
import { requireAdmin } from '../lib/require-admin.ts';
import { WORKFLOW_NOT_FOUND } from '../services/operations/workflows/rows.ts';

/** Workflows: list, create, edit, delete, toggle, execute, and each workflow's run log. */
export function workflowsRoutes(services: Pick<AppContext, 'operations'>) {
  return new Hono<AppEnv>()
    .use('*', requireAdmin)
    .get('/', async (c) => c.json(await services.operations.workflows.list()))
    .post('/', async (c) => {
      const form = validate(WorkflowFormSchema, await readJson(c));
      return c.json(await services.operations.workflows.create(form), 201);
    })
    .post('/execute', async (c) => {
      const { workflowId } = validate(WorkflowExecuteSchema, await readJson(c));
      return c.json(await services.operations.workflows.execute(workflowId));
    })
    .get('/:id', async (c) => c.json(await services.operations.workflows.get(idParam(c, 'id', WORKFLOW_NOT_FOUND))))
    .put('/:id', async (c) => {
      const id = idParam(c, 'id', WORKFLOW_NOT_FOUND);
      const form = validate(WorkflowFormSchema, await readJson(c));
      return c.json(await services.operations.workflows.update(id, form));
    })
    .delete('/:id', async (c) => {
      await services.operations.workflows.remove(idParam(c, 'id', WORKFLOW_NOT_FOUND));
      return c.json({ ok: true });
    })
    .put('/:id/toggle', async (c) => {
      const id = idParam(c, 'id', WORKFLOW_NOT_FOUND);
      const { enabled } = validate(WorkflowToggleSchema, await readJson(c));
      return c.json(await services.operations.workflows.toggle(id, enabled));
    })
    .get('/:id/runs', async (c) =>
      c.json(await services.operations.workflows.runs(idParam(c, 'id', WORKFLOW_NOT_FOUND))),
    );
}
