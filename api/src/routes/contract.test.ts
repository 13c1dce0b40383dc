import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CONTRACT } from 'content-schema/api-contract';
import { contractRoute, contractViolation } from '../contract-check.ts';
import { testApp } from '../test-utils.ts';

let t: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.cleanup());

describe('the API contract (content-schema/api-contract)', () => {
  it('has an entry for every route the app mounts, and mounts every route it has an entry for', () => {
    // Handlers only: middleware takes (c, next); the catch-all 404 of /api/* is not a route.
    const mounted = new Set(
      t.app.routes
        .filter((r) => r.path.startsWith('/api/') && r.handler.length < 2 && r.method !== 'ALL')
        .map((r) => `${r.method} ${r.path}`),
    );
    expect([...mounted].sort()).toEqual(Object.keys(API_CONTRACT).sort());
  });

  it('finds the most specific route for a path', () => {
    expect(contractRoute('GET', '/api/messages/settings')).toBe('GET /api/messages/settings');
    expect(contractRoute('GET', '/api/messages/12')).toBe('GET /api/messages/:id');
    expect(contractRoute('GET', '/api/posts/slug/a-b')).toBe('GET /api/posts/slug/:slug');
    expect(contractRoute('GET', '/api/nothing')).toBeNull();
  });

  it('refuses an answer that lacks a field, has one the contract does not declare, or has no entry', () => {
    const ok = { status: 200, headers: new Headers() };
    expect(contractViolation('GET', '/api/health', ok, '{"ok":true}')).toBeNull();
    expect(contractViolation('GET', '/api/health', ok, '{}')).toMatch(/breaks GET \/api\/health/);
    expect(contractViolation('GET', '/api/health', ok, '{"ok":true,"secret":1}')).toMatch(
      /does not declare: \$\.secret/,
    );
    expect(contractViolation('GET', '/api/nothing', ok, '{}')).toMatch(/no entry/);
    expect(contractViolation('GET', '/api/health', { status: 500, headers: new Headers() }, '{"message":"x"}')).toMatch(
      /error body/,
    );
    expect(contractViolation('POST', '/api/views', { status: 204, headers: new Headers() }, '')).toBeNull();
  });

  it('accepts a bodiless redirect, and an HTML refusal only for a form post; JSON errors stay checked', () => {
    const form = 'application/x-www-form-urlencoded';
    const to = (location: string) => ({ status: 303, headers: new Headers({ Location: location }) });
    expect(contractViolation('POST', '/api/messages', to('/message-sent'), '', form)).toBeNull();
    expect(contractViolation('POST', '/api/messages', to('/message-sent'), '{"ok":true}', form)).toMatch(
      /redirect with a body/,
    );
    expect(contractViolation('POST', '/api/messages', { status: 303, headers: new Headers() }, '', form)).toMatch(
      /without a Location/,
    );

    const page = { status: 400, headers: new Headers({ 'Content-Type': 'text/html; charset=UTF-8' }) };
    const html = '<!doctype html><title>Not sent</title>';
    expect(contractViolation('POST', '/api/messages', page, html, form)).toBeNull();
    expect(contractViolation('POST', '/api/messages', page, html, 'multipart/form-data; boundary=x')).toBeNull();
    expect(contractViolation('POST', '/api/messages', page, html, 'application/json')).toMatch(/not a form post/);
    expect(contractViolation('POST', '/api/messages', page, html)).toMatch(/not a form post/);
    // Only refusals may be pages: a success still answers its schema, and a JSON error its shape.
    const ok = { status: 201, headers: new Headers({ 'Content-Type': 'text/html' }) };
    expect(contractViolation('POST', '/api/messages', ok, html, form)).toMatch(/not JSON/);
    const jsonError = { status: 400, headers: new Headers({ 'Content-Type': 'application/json' }) };
    expect(contractViolation('POST', '/api/messages', jsonError, '{"message":"x"}', form)).toMatch(/error body/);
  });
});
