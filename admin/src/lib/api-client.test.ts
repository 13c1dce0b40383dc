import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, apiRequest, apiUpload, toSearch } from './api-client.ts';

function answer(status: number, body: string, statusText = '') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body || null, { status, statusText })),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('apiRequest', () => {
  it('sends JSON only when a body is given, with the session cookie', async () => {
    const fetch = vi.fn(async () => new Response('{"ok":true}', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    await apiRequest('/posts/1', { method: 'PUT', body: { published: true }, schema: z.object({ ok: z.boolean() }) });
    expect(fetch).toHaveBeenCalledWith(
      '/api/posts/1',
      expect.objectContaining({
        method: 'PUT',
        credentials: 'same-origin',
        body: '{"published":true}',
        headers: expect.objectContaining({ 'Content-Type': 'application/json' }),
      }),
    );
    await apiRequest('/auth/logout', { method: 'POST' });
    expect(fetch).toHaveBeenLastCalledWith('/api/auth/logout', expect.objectContaining({ body: undefined }));
  });

  it('validates the answer with the given schema', async () => {
    answer(200, '{"authenticated":"yes"}');
    await expect(apiRequest('/auth/status', { schema: z.object({ authenticated: z.boolean() }) })).rejects.toThrow(
      'Unexpected answer from /api/auth/status',
    );
  });

  it('throws ApiError with the generic "STATUS: body" message and the server’s own message as detail', async () => {
    answer(400, '{"error":"Title is required","issues":[{"path":"title","message":"Title is required"}]}');
    const error = await apiRequest('/posts', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: '400: {"error":"Title is required","issues":[{"path":"title","message":"Title is required"}]}',
    });
    expect((error as ApiError).detail).toBe('Title is required');
    expect((error as ApiError).issues).toEqual([{ path: 'title', message: 'Title is required' }]);
  });

  it('uses the status text when the body is empty, and keeps a non-JSON body as text', async () => {
    answer(502, '', 'Bad Gateway');
    await expect(apiRequest('/posts')).rejects.toMatchObject({ message: '502: Bad Gateway', detail: null });
    answer(500, 'upstream exploded');
    await expect(apiRequest('/posts')).rejects.toMatchObject({
      message: '500: upstream exploded',
      detail: 'upstream exploded',
    });
  });
});

/** A stand-in for XMLHttpRequest: records the request; `answer` and `fail` play the server's part. */
class FakeXhr {
  static last: FakeXhr;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress: ((event: { loaded: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  answer(status: number, text: string, statusText = '') {
    Object.assign(this, { status, statusText, responseText: text });
    this.onload?.();
  }
}

describe('apiUpload', () => {
  const file = new File(['bytes'], 'chart.png', { type: 'image/png' });
  const schema = z.object({ id: z.number() });

  it('POSTs the file as the body with its type, asks for JSON, reports progress and validates the answer', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const sent: number[] = [];
    const result = apiUpload('/media', file, {
      headers: { 'X-File-Name': 'chart.png' },
      schema,
      onProgress: (n) => sent.push(n),
    });
    const xhr = FakeXhr.last;
    expect([xhr.method, xhr.url, xhr.body]).toEqual(['POST', '/api/media', file]);
    expect(xhr.headers).toEqual({
      Accept: 'application/json',
      'Content-Type': 'image/png',
      'X-File-Name': 'chart.png',
    });
    xhr.upload.onprogress?.({ loaded: 3 });
    xhr.answer(201, '{"id":42}');
    await expect(result).resolves.toEqual({ id: 42 });
    expect(sent).toEqual([3]);
  });

  it('throws ApiError with the server’s message, as apiRequest does', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const result = apiUpload('/media', file, { schema });
    FakeXhr.last.answer(422, '{"error":"SVG drawings are not accepted"}', 'Unprocessable Content');
    const error = await result.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, detail: 'SVG drawings are not accepted' });
  });

  it('rejects with a TypeError when no answer came, and names an answer that breaks the contract', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const lost = apiUpload('/media', file, { schema });
    FakeXhr.last.onerror?.();
    await expect(lost).rejects.toBeInstanceOf(TypeError);
    const odd = apiUpload('/media', file, { schema });
    FakeXhr.last.answer(201, '{"id":"42"}');
    await expect(odd).rejects.toThrow('Unexpected answer from /api/media');
  });
});

describe('toSearch', () => {
  it('sends only the parameters that are set', () => {
    expect(toSearch({ published: false, category: undefined, search: '', fields: 'summary' })).toBe(
      '?published=false&fields=summary',
    );
    expect(toSearch({ category: undefined })).toBe('');
  });
});
