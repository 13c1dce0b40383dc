import { describe, expect, it } from 'vitest';
import { apiSource } from './source.ts';

/** A fetch that records each request's Accept-Encoding and answers an empty redirects list. */
function recordingFetch() {
  const asked: (string | null)[] = [];
  const fetchFn = (async (_url: string, init?: RequestInit) => {
    asked.push(new Headers(init?.headers).get('Accept-Encoding'));
    return Response.json({ redirects: [] });
  }) as typeof fetch;
  return { asked, fetchFn };
}

describe('apiSource', () => {
  it('asks an API on this machine for uncompressed answers (compressing them on a loopback only costs)', async () => {
    for (const url of ['http://127.0.0.1:4321', 'http://localhost:8080', 'http://[::1]:3000']) {
      const { asked, fetchFn } = recordingFetch();
      await apiSource(url, fetchFn).redirects();
      expect(asked, url).toEqual(['identity']);
    }
  });

  it('leaves the encoding to fetch for a remote API, where compression saves the transfer', async () => {
    for (const url of ['https://api.northwire.example', 'http://10.0.0.5:4321', 'http://127.example.com']) {
      const { asked, fetchFn } = recordingFetch();
      await apiSource(url, fetchFn).redirects();
      expect(asked, url).toEqual([null]);
    }
  });
});
