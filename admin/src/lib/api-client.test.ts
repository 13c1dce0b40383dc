import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, apiRequest, toSearch } from './api-client.ts';

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

describe('toSearch', () => {
  it('sends only the parameters that are set', () => {
    expect(toSearch({ published: false, category: undefined, search: '', fields: 'summary' })).toBe(
      '?published=false&fields=summary',
    );
    expect(toSearch({ category: undefined })).toBe('');
  });
});
