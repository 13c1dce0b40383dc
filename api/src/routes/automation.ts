import { Hono } from 'hono';
import type { AppContext, AppEnv } from '../app-env.ts';
import { validate } from '../lib/errors.ts';
import { readJson } from '../lib/http.ts';
import { requireAdmin } from '../lib/require-admin.ts';
import {
  GenerateInputSchema,
  PausedInputSchema,
  TopicInputSchema,
  TopicListQuerySchema,
} from 'content-schema/automation';

/** Automation calls (status, generate, pause, topics and the editor's generation); all need the session. */
export function automationRoutes(services: Pick<AppContext, 'automation'>) {
  return new Hono<AppEnv>()
    .use('*', requireAdmin)
    .get('/status', async (c) => c.json(await services.automation.status()))
    .post('/daily-post', async (c) => c.json(await services.automation.generate('daily'), 201))
    .post('/weekly-deepdive', async (c) => c.json(await services.automation.generate('deep-dive'), 201))
    .get('/runs', async (c) => c.json(await services.automation.runs()))
    .put('/paused', async (c) => {
      const { paused } = validate(PausedInputSchema, await readJson(c));
      return c.json(await services.automation.setPaused(paused));
    })
    .get('/topics', async (c) => {
      const query = validate(TopicListQuerySchema, c.req.query());
      return c.json(await services.automation.topics.list(query));
    })
    .post('/topics', async (c) => {
      const input = validate(TopicInputSchema, await readJson(c));
      return c.json(await services.automation.topics.add(input), 201);
    })
    .post('/generate', async (c) => {
      const input = validate(GenerateInputSchema, await readJson(c));
      return c.json(await services.automation.generateForEditor(input));
    });
}
