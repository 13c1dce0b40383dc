import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AutomationStatusSchema } from 'content-schema/automation';
import { createAutomationService } from '../services/automation/automation.ts';
import {
  ARTICLE,
  completion,
  sendJson,
  startLlmServer,
  type LlmReply,
} from '../services/automation/test-llm-server.ts';
import { testApp } from '../test-utils.ts';

type T = Awaited<ReturnType<typeof testApp>>;
let t: T;
let llm: Awaited<ReturnType<typeof startLlmServer>> | undefined;

beforeEach(async () => {
  t = await testApp({ start: '2026-06-02T10:00:00Z' }); // Tuesday noon in Stockholm
  await t.ctx.automation.topics.seedIfEmpty();
  await t.login();
});
afterEach(async () => {
  await llm?.close();
  llm = undefined;
  await t.cleanup();
});

/** Points the app at a local OpenAI-compatible server, as LLM_BASE_URL, LLM_API_KEY and LLM_MODEL would. */
async function useModel(reply: LlmReply, timeoutMs = 5000) {
  llm = await startLlmServer(reply);
  const env = {
    ...t.ctx.env,
    LLM_BASE_URL: llm.url,
    LLM_API_KEY: 'test-key',
    LLM_MODEL: 'test-model',
    LLM_TIMEOUT_MS: timeoutMs,
  };
  const { db, clock, events, posts } = t.ctx;
  t.ctx.automation = createAutomationService({ db, env, clock, events, posts });
}

const drafts = async () => (await t.call('GET', '/api/posts?published=false')).json as { id: number; title: string }[];

describe('authentication', () => {
  it.each([
    ['GET', '/api/automation/status', undefined],
    ['POST', '/api/automation/daily-post', undefined],
    ['POST', '/api/automation/weekly-deepdive', undefined],
    ['PUT', '/api/automation/paused', { paused: true }],
    ['GET', '/api/automation/topics', undefined],
    ['GET', '/api/automation/runs', undefined],
    ['POST', '/api/automation/topics', { kind: 'daily', category: 'Deal Watch', topic: 'A topic long enough' }],
    ['POST', '/api/automation/generate', { personaId: 'fintech', topic: 'Open banking' }],
  ])('%s %s needs a session (401) and changes nothing', async (method, path, body) => {
    t.logout();
    const res = await t.call(method, path, body);
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ error: 'Authentication required' });
    await t.login();
    expect(await drafts()).toEqual([]);
    expect((await t.call('GET', '/api/automation/status')).json).toMatchObject({
      paused: false,
      dailyTopicsRemaining: 50,
    });
  });
});

describe('GET /api/automation/status', () => {
  it('answers lastRun, remaining topics, paused and nextRun', async () => {
    const res = await t.call('GET', '/api/automation/status');
    expect(res.status).toBe(200);
    expect(AutomationStatusSchema.parse(res.json)).toEqual({
      lastRun: null,
      dailyTopicsRemaining: 50,
      deepDiveTopicsRemaining: 10,
      paused: false,
      nextRun: '2026-06-02T10:00:00.000Z', // Tuesday's 09:00 slot has not run yet: it is due now
    });
  });
});

describe('POST /api/automation/daily-post and /weekly-deepdive', () => {
  it('creates a daily draft (201) that shows under drafts, and the status moves', async () => {
    const res = await t.call('POST', '/api/automation/daily-post');
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      published: false,
      aiGenerated: true,
      category: 'Energy Future',
      authorName: 'Oskar Haraldsen',
    });
    expect((await drafts()).map((d) => d.id)).toEqual([res.json.id]);
    expect((await t.call('GET', '/api/automation/status')).json).toMatchObject({
      lastRun: '2026-06-02T10:00:00.000Z',
      dailyTopicsRemaining: 49,
      deepDiveTopicsRemaining: 10,
    });
  });

  it('creates a Deep Dive draft', async () => {
    const res = await t.call('POST', '/api/automation/weekly-deepdive', '');
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ category: 'Deep Dive', published: false, aiGenerated: true });
    expect((await t.call('GET', '/api/automation/status')).json.deepDiveTopicsRemaining).toBe(9);
  });

  it('saves the model’s article when a model is configured', async () => {
    await useModel((_req, res) => sendJson(res, 200, completion(ARTICLE)));
    const res = await t.call('POST', '/api/automation/daily-post');
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      title: 'Grid queues decide where Nordic data centres go',
      excerpt:
        'Connection queues, not chips, now set the pace for new data centres across the Nordic countries and beyond.',
      tags: ['Energy Future', 'AI-assisted'],
      aiGenerated: true,
      content: expect.stringMatching(/^Connection queues, not chips/),
    });
    expect(res.json.content).toContain('## Executive Summary');
    expect(llm!.requests[0]!.body.messages[1]!.content).toContain('between 4,000 and 5,000 words');
  });

  it('answers a model timeout with 504 and a clear message, creating nothing', async () => {
    await useModel(() => {}, 300);
    const res = await t.call('POST', '/api/automation/weekly-deepdive');
    expect(res.status).toBe(504);
    expect(res.json.error).toBe('The writing model did not answer within 0.3 s. Nothing was saved.');
    expect(await drafts()).toEqual([]);
    expect((await t.call('GET', '/api/automation/status')).json).toMatchObject({
      lastRun: null,
      deepDiveTopicsRemaining: 10,
    });
  });

  it('answers a malformed model answer with 502, creating nothing', async () => {
    await useModel((_req, res) => sendJson(res, 200, { choices: [{ message: { content: null } }] }));
    const res = await t.call('POST', '/api/automation/daily-post');
    expect(res.status).toBe(502);
    expect(res.json.error).toMatch(/unusable: it is empty\. Nothing was saved\./);
    expect(await drafts()).toEqual([]);
    expect((await t.call('GET', '/api/automation/status')).json.dailyTopicsRemaining).toBe(50);
  });

  it('keeps answering other requests while a model call is in flight', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    await useModel((_req, res) => void held.then(() => sendJson(res, 200, completion(ARTICLE))));
    const generating = t.call('POST', '/api/automation/daily-post');
    await expect.poll(() => llm!.requests.length).toBe(1);
    // These answer while the model still holds the generation open: nothing waits on it.
    expect((await t.call('GET', '/api/automation/status')).status).toBe(200);
    expect((await t.call('GET', '/api/posts')).status).toBe(200);
    release();
    expect((await generating).status).toBe(201);
  });
});

describe('GET /api/automation/runs', () => {
  it('lists the latest attempts, newest first, with why one failed', async () => {
    await t.call('POST', '/api/automation/daily-post');
    await useModel(() => {}, 300);
    await t.call('POST', '/api/automation/weekly-deepdive');
    const res = await t.call('GET', '/api/automation/runs');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject([
      {
        kind: 'deep-dive',
        trigger: 'manual',
        status: 'failed',
        postId: null,
        error: expect.stringMatching(/did not answer/),
        provider: 'openai-compatible:test-model',
      },
      {
        kind: 'daily',
        trigger: 'manual',
        status: 'succeeded',
        postId: expect.any(Number),
        error: null,
        provider: 'offline',
        topic: expect.any(String),
      },
    ]);
  });
});

describe('PUT /api/automation/paused', () => {
  it('pauses and resumes, answering the status', async () => {
    const paused = await t.call('PUT', '/api/automation/paused', { paused: true });
    expect(paused.status).toBe(200);
    expect(paused.json).toMatchObject({ paused: true, nextRun: null });
    const resumed = await t.call('PUT', '/api/automation/paused', { paused: false });
    expect(resumed.json).toMatchObject({ paused: false, nextRun: '2026-06-02T10:00:00.000Z' });
    await t.ctx.automation.tick();
    expect((await t.call('GET', '/api/automation/status')).json.nextRun).toBe('2026-06-03T07:00:00.000Z');
  });

  it.each([[{}], [{ paused: 'yes' }], ['not json']])('refuses %j with 400', async (body) => {
    const res = await t.call('PUT', '/api/automation/paused', body);
    expect(res.status).toBe(400);
  });
});

describe('topics', () => {
  it('lists the remaining queue oldest first, filtered by kind', async () => {
    const daily = (await t.call('GET', '/api/automation/topics?kind=daily')).json;
    expect(daily).toHaveLength(50);
    expect(daily[0]).toMatchObject({ kind: 'daily', source: 'seed', usedAt: null, postId: null });
    expect((await t.call('GET', '/api/automation/topics?kind=deep-dive')).json).toHaveLength(10);
    expect((await t.call('GET', '/api/automation/topics')).json).toHaveLength(60);
    await t.call('POST', '/api/automation/daily-post');
    expect((await t.call('GET', '/api/automation/topics?state=used')).json).toHaveLength(1);
    expect((await t.call('GET', '/api/automation/topics?kind=weekly')).status).toBe(400);
  });

  it('adds a topic at the end of its queue; a Deep Dive topic is always in Deep Dive', async () => {
    const res = await t.call('POST', '/api/automation/topics', {
      kind: 'deep-dive',
      topic: '  Post-quantum migration   for Nordic banks ',
      category: 'Deal Watch',
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      kind: 'deep-dive',
      category: 'Deep Dive',
      topic: 'Post-quantum migration for Nordic banks',
      source: 'admin',
      personaId: null,
    });
    expect((await t.call('GET', '/api/automation/status')).json.deepDiveTopicsRemaining).toBe(11);
    const again = await t.call('POST', '/api/automation/topics', {
      kind: 'deep-dive',
      topic: 'POST-QUANTUM migration for Nordic banks',
    });
    expect(again.status).toBe(409);
  });

  it.each([
    [{ kind: 'daily', topic: 'A daily topic without a category' }, 'Category is required'],
    [{ kind: 'daily', category: 'Deal Watch', topic: ' ' }, 'Topic is required'],
    [{ kind: 'daily', category: 'Deal Watch', topic: 'short' }, 'Topic must be at least 10 characters'],
    [{ kind: 'daily', category: 'Deal Watch', topic: 'x'.repeat(201) }, 'Topic must be at most 200 characters'],
    [{ kind: 'daily', category: 'Deal Watch', topic: 'A valid topic here', personaId: 'nobody' }, 'Unknown writer'],
    [{ kind: 'hourly', category: 'Deal Watch', topic: 'A valid topic here' }, 'Kind must be daily or deep-dive'],
  ])('refuses %j: %s', async (body, message) => {
    const res = await t.call('POST', '/api/automation/topics', body);
    expect(res.status).toBe(400);
    expect(res.json.error).toBe(message);
  });
});

describe('POST /api/automation/generate (the editor’s AI Expert Writers)', () => {
  it('answers a draft in the persona’s category without saving anything', async () => {
    const res = await t.call('POST', '/api/automation/generate', {
      personaId: 'fintech',
      topic: 'Open banking fees under PSD3',
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      title: 'Open banking fees under PSD3',
      category: 'Deal Watch',
      authorName: 'Ingrid Solvik',
      tags: ['Deal Watch', 'AI-assisted', 'Outline'],
      personaId: 'fintech',
    });
    expect(res.json.excerpt).toMatch(/^An outline for a Deal Watch piece by Ingrid Solvik/);
    expect(res.json.content).toContain('## Deal Structure and Terms');
    expect(res.json.content).toContain('4,000–5,500 words');
    expect(await drafts()).toEqual([]);
  });

  it.each([
    [{ topic: 'Open banking' }, 'Please select a writer'],
    [{ personaId: 'ghost', topic: 'Open banking' }, 'Please select a writer'],
    [{ personaId: 'fintech', topic: '   ' }, 'Topic is required'],
    [{ personaId: 'fintech' }, 'Topic is required'],
  ])('refuses %j: %s', async (body, message) => {
    const res = await t.call('POST', '/api/automation/generate', body);
    expect(res.status).toBe(400);
    expect(res.json.error).toBe(message);
  });

  it('passes a model failure on as a clear error', async () => {
    await useModel((_req, res) => sendJson(res, 500, { error: { message: 'boom' } }, { 'retry-after-ms': '5' }));
    const res = await t.call('POST', '/api/automation/generate', {
      personaId: 'blockchain',
      topic: 'Tokenised deposits',
    });
    expect(res.status).toBe(502);
    expect(res.json.error).toBe('The writing model refused the request (HTTP 500). Nothing was saved.');
    expect(llm!.requests).toHaveLength(3); // two retries with backoff
  });
});
