import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { siteSummary } from '../../lib/build/test-posts.ts';
import { SiteIndex } from '../site-index.ts';
import { writeRedirects } from './pages.ts';

/** A rule's path as a CDN that ignores trailing slashes (Netlify) matches it; a splat and its value alike. */
const matched = (path: string) => path.replace(/(?::splat|\*)$/, '*').replace(/\/+$/, '') || '/';

describe('_redirects', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('sends old addresses on, and has no rule that a CDN ignoring trailing slashes would follow to itself', () => {
    dir = mkdtempSync(join(tmpdir(), 'redirects-'));
    const idx = new SiteIndex();
    idx.put(siteSummary(1, { slug: 'new-name' }));
    idx.setRedirects([{ from: 'old-name', postId: 1 }]);
    writeRedirects(dir, idx);
    const rules = readFileSync(join(dir, '_redirects'), 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '' && !line.startsWith('#'))
      .map((line) => line.split(/\s+/) as [string, string, string]);
    expect(rules).toContainEqual(['/post/old-name', '/post/new-name', '301']);
    expect(rules).toContainEqual(['/posts/*', '/post/:splat', '301']);
    for (const [from, to] of rules) expect(matched(from), `${from} -> ${to}`).not.toBe(matched(to));
  });
});
