import { afterEach, describe, expect, it } from 'vitest';
import { WRITER_PERSONAS } from 'content-schema/personas';
import { generateDraft, templateFor } from './generator.ts';
import { offlineProvider, openAiProvider, providerFromEnv } from './providers.ts';
import { ARTICLE, completion, sendJson, startLlmServer } from './test-llm-server.ts';

const persona = WRITER_PERSONAS[0]!;
const brief = {
  persona,
  category: 'Analysis Drop',
  template: templateFor('Analysis Drop'),
  topic: 'Grid queues',
  purpose: 'daily' as const,
};

let server: Awaited<ReturnType<typeof startLlmServer>> | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('the OpenAI-compatible provider against a local server', () => {
  it('sends the persona and the prompt to chat completions and returns the article', async () => {
    server = await startLlmServer((_req, res) => sendJson(res, 200, completion(ARTICLE)));
    const provider = openAiProvider({ baseURL: server.url, apiKey: 'test-key', model: 'test-model', timeoutMs: 5000 });
    expect(await provider.write(brief)).toBe(ARTICLE);
    const [req] = server.requests;
    expect(req!.path).toBe('/v1/chat/completions');
    expect(req!.authorization).toBe('Bearer test-key');
    expect(req!.body.model).toBe('test-model');
    expect(req!.body.messages[0]!).toMatchObject({ role: 'system' });
    expect(req!.body.messages[0]!.content).toContain(persona.name);
    expect(req!.body.messages[1]!.content).toContain('between 4,000 and 5,000 words');
    expect(req!.body.messages[1]!.content).toContain('1. Executive Summary');
    expect(provider.name).toBe('openai-compatible:test-model');
  });

  it('takes the article out of a ```markdown fence', async () => {
    server = await startLlmServer((_req, res) => sendJson(res, 200, completion('```markdown\n' + ARTICLE + '\n```')));
    const provider = openAiProvider({ baseURL: server.url, apiKey: 'k', model: 'm', timeoutMs: 5000 });
    expect(await provider.write(brief)).toBe(ARTICLE);
  });

  it('retries a 503 with backoff, then succeeds', async () => {
    server = await startLlmServer(({ attempt }, res) =>
      attempt === 1
        ? sendJson(res, 503, { error: { message: 'busy' } }, { 'retry-after-ms': '10' })
        : sendJson(res, 200, completion(ARTICLE)),
    );
    const provider = openAiProvider({ baseURL: server.url, apiKey: 'k', model: 'm', timeoutMs: 5000 });
    expect(await provider.write(brief)).toBe(ARTICLE);
    expect(server.requests).toHaveLength(2);
  });

  it('gives up at the deadline with a clear 504, retries included', async () => {
    server = await startLlmServer(() => {
      /* never answers */
    });
    const provider = openAiProvider({ baseURL: server.url, apiKey: 'k', model: 'm', timeoutMs: 300 });
    const started = Date.now();
    await expect(provider.write(brief)).rejects.toMatchObject({
      status: 504,
      message: 'The writing model did not answer within 0.3 s. Nothing was saved.',
    });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it.each([
    [
      'a body that is not JSON',
      (res: any) => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"choices": ['),
    ],
    ['no choices', (res: any) => sendJson(res, 200, { id: 'x', choices: [] })],
    ['an empty message', (res: any) => sendJson(res, 200, completion('   '))],
    ['an answer cut off at the length limit', (res: any) => sendJson(res, 200, completion(ARTICLE, 'length'))],
  ])('refuses %s with a clear 502', async (_label, reply) => {
    server = await startLlmServer((_req, res) => reply(res));
    const provider = openAiProvider({ baseURL: server.url, apiKey: 'k', model: 'm', timeoutMs: 5000, maxRetries: 0 });
    const err = await provider.write(brief).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 502 });
    expect((err as Error).message).toMatch(/^The writing model.*Nothing was saved\.$/);
  });

  it('refuses an answer without a # title when turned into a draft', async () => {
    server = await startLlmServer((_req, res) =>
      sendJson(res, 200, completion('Just some text without any heading at all, long enough.')),
    );
    const provider = openAiProvider({ baseURL: server.url, apiKey: 'k', model: 'm', timeoutMs: 5000 });
    await expect(
      generateDraft(provider, { topic: 't', category: 'Analysis Drop', purpose: 'editor', persona }),
    ).rejects.toMatchObject({
      status: 502,
      message: expect.stringContaining('no top-level # heading'),
    });
  });

  it('reports a refused request (401 from the model server) without retrying', async () => {
    server = await startLlmServer((_req, res) => sendJson(res, 401, { error: { message: 'bad key' } }));
    const provider = openAiProvider({ baseURL: server.url, apiKey: 'k', model: 'm', timeoutMs: 5000 });
    await expect(provider.write(brief)).rejects.toMatchObject({
      status: 502,
      message: expect.stringContaining('HTTP 401'),
    });
    expect(server.requests).toHaveLength(1);
  });
});

describe('provider choice', () => {
  it('uses the model only when base URL, key and model are all set', () => {
    const base = { LLM_TIMEOUT_MS: 120_000 };
    expect(providerFromEnv(base)).toBe(offlineProvider);
    expect(providerFromEnv({ ...base, LLM_BASE_URL: 'http://127.0.0.1:1/v1', LLM_MODEL: 'm' })).toBe(offlineProvider);
    expect(
      providerFromEnv({ ...base, LLM_BASE_URL: 'http://127.0.0.1:1/v1', LLM_API_KEY: 'k', LLM_MODEL: 'm' }).name,
    ).toBe('openai-compatible:m');
  });
});
