import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASTRO_INLINE_SCRIPT_HASHES, CSP_ADMIN, CSP_SITE, HSTS, cspHash, securityHeaders } from './security-headers.ts';
import { testApp } from './test-utils.ts';

/** The headers compared between the server and netlify.toml: every one the server sends over HTTPS. */
const NAMES = Object.keys(securityHeaders('https://example.com/', undefined));

interface HeaderRule {
  for: string;
  values: Record<string, string>;
}

/**
 * The `[[headers]]` tables of netlify.toml: `for = "…"` and the string values of `[headers.values]`. Only the
 * TOML these tables use (basic strings, comments); anything else inside them fails the test rather than being skipped.
 */
function netlifyHeaderRules(toml: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  let section = '';
  for (const raw of toml.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const table = /^\[\[?([\w.]+)\]\]?$/.exec(line);
    if (table) {
      section = table[1]!;
      if (line.startsWith('[[') && section === 'headers') rules.push({ for: '', values: {} });
      continue;
    }
    if (section !== 'headers' && section !== 'headers.values') continue;
    const pair = /^([\w-]+)\s*=\s*"((?:[^"\\]|\\.)*)"$/.exec(line);
    if (!pair) throw new Error(`netlify.toml: cannot read ${line}`);
    const value = JSON.parse(`"${pair[2]}"`) as string;
    const rule = rules.at(-1)!;
    if (section === 'headers' && pair[1] === 'for') rule.for = value;
    else if (section === 'headers.values') rule.values[pair[1]!] = value;
    else throw new Error(`netlify.toml: unexpected ${line}`);
  }
  return rules;
}

/** What Netlify sends for a path: every matching rule in order, a later one's header replacing an earlier one's. */
function netlifyHeadersFor(rules: HeaderRule[], path: string): Record<string, string> {
  const matching = rules.filter((r) =>
    r.for.endsWith('/*') ? path === r.for.slice(0, -2) || path.startsWith(r.for.slice(0, -1)) : path === r.for,
  );
  return Object.assign({}, ...matching.map((r) => r.values)) as Record<string, string>;
}

function pick(headers: Headers | Record<string, string>, names: string[]): Record<string, string | undefined> {
  const get = (n: string) => (headers instanceof Headers ? (headers.get(n) ?? undefined) : headers[n]);
  return Object.fromEntries(names.map((n) => [n, get(n)]));
}

function scriptSrc(csp: string): string {
  return (
    csp
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('script-src ')) ?? ''
  );
}

const rules = netlifyHeaderRules(readFileSync(join(import.meta.dirname, '../../netlify.toml'), 'utf8'));

describe('security headers', () => {
  let t: Awaited<ReturnType<typeof testApp>>;

  beforeAll(async () => {
    // A built admin and a live site, a file or two each, so the file server answers (not only its 503).
    const admin = mkdtempSync(join(tmpdir(), 'admin-dist-'));
    mkdirSync(join(admin, 'assets'));
    writeFileSync(join(admin, 'index.html'), '<!doctype html><title>Admin</title>');
    writeFileSync(join(admin, 'assets', 'index-abc.js'), 'export {};');
    t = await testApp({ env: { ADMIN_DIST: admin } });
    const tree = join(t.dir, 'site', 'trees', 'one');
    mkdirSync(join(tree, 'post'), { recursive: true });
    mkdirSync(join(tree, '_astro'), { recursive: true });
    writeFileSync(join(tree, 'index.html'), '<!doctype html><title>Home</title>');
    writeFileSync(join(tree, 'post', 'a-post.html'), '<!doctype html><title>A post</title>');
    writeFileSync(join(tree, '404.html'), '<!doctype html><title>Not found</title>');
    writeFileSync(join(tree, '_astro', 'island.abc123.js'), 'export {};');
    writeFileSync(join(tree, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    symlinkSync(tree, join(t.dir, 'site', 'current'));
    return () => rmSync(admin, { recursive: true, force: true });
  });
  afterAll(() => t.cleanup());

  it('no script-src allows unsafe-inline, on the server or in netlify.toml', () => {
    const policies = [
      CSP_SITE,
      CSP_ADMIN,
      ...rules.map((r) => r.values['Content-Security-Policy']).filter((v) => v !== undefined),
    ];
    expect(policies.length).toBeGreaterThan(3);
    for (const policy of policies) {
      expect(scriptSrc(policy)).toMatch(/^script-src 'self'/);
      expect(scriptSrc(policy)).not.toContain("'unsafe-inline'");
      expect(policy).toContain("frame-ancestors 'none'");
    }
    expect(scriptSrc(CSP_ADMIN)).toBe("script-src 'self'");
  });

  it("the site allows Astro's inline island scripts by their SHA-256 hashes", () => {
    // Astro's element, its five built-in loaders and the site's client:interaction.
    expect(ASTRO_INLINE_SCRIPT_HASHES).toHaveLength(7);
    for (const hash of ASTRO_INLINE_SCRIPT_HASHES) expect(scriptSrc(CSP_SITE)).toContain(hash);
    expect(cspHash('alert(1)')).toBe("'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='");
    expect(scriptSrc(CSP_SITE)).not.toContain(cspHash('alert(1)'));
  });

  it.each(['/', '/post/a-post', '/_astro/island.abc123.js', '/favicon.svg', '/no-such-page'])(
    'netlify.toml sends what the server sends for the site path %s',
    async (path) => {
      const res = await t.call('GET', path, undefined, { 'X-Forwarded-Proto': 'https' });
      expect(res.status).not.toBe(503);
      expect(pick(netlifyHeadersFor(rules, path), NAMES)).toEqual(pick(res.headers, NAMES));
      expect(res.headers.get('Content-Security-Policy')).toBe(CSP_SITE);
    },
  );

  it.each(['/admin', '/admin/login', '/admin/assets/index-abc.js'])(
    'netlify.toml sends what the server sends for the admin path %s',
    async (path) => {
      const res = await t.call('GET', path, undefined, { 'X-Forwarded-Proto': 'https' });
      expect(res.status).toBe(200);
      expect(pick(netlifyHeadersFor(rules, path), NAMES)).toEqual(pick(res.headers, NAMES));
      expect(res.headers.get('Content-Security-Policy')).toBe(CSP_ADMIN);
    },
  );

  it.each([
    ['plain HTTP', 'http://127.0.0.1:4321/', {}, false],
    ['X-Forwarded-Proto: https', 'http://127.0.0.1:4321/', { 'X-Forwarded-Proto': 'https' }, true],
    ['a proxy chain starting with https', 'http://127.0.0.1:4321/', { 'X-Forwarded-Proto': 'https, http' }, true],
    ['X-Forwarded-Proto: http', 'http://127.0.0.1:4321/', { 'X-Forwarded-Proto': 'http' }, false],
    ['an https URL', 'https://127.0.0.1:4321/', {}, true],
  ])('HSTS is sent only over HTTPS: %s', async (_name, url, headers, sent) => {
    for (const path of ['', 'post/a-post', 'api/health', 'no-such-page']) {
      const res = await t.app.request(`${url}${path}`, { headers });
      expect(res.headers.get('Strict-Transport-Security')).toBe(sent ? HSTS : null);
      expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    }
  });

  it('API answers keep their own policy and every other security header', async () => {
    const res = await t.call('GET', '/api/health', undefined, { 'X-Forwarded-Proto': 'https' });
    expect(res.headers.get('Content-Security-Policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    const others = NAMES.filter((n) => n !== 'Content-Security-Policy');
    expect(pick(res.headers, others)).toEqual(pick(netlifyHeadersFor(rules, '/'), others));
  });
});
