import { describe, expect, it } from 'vitest';
import { parseEnv } from './env.ts';
import { fixHtml } from './html-fixups.ts';
import { hashString, heroShapes } from './hero-art.ts';
import { isActive, normalisePath, NAV_LINKS, FOOTER_GROUPS } from './nav.ts';
import { jsonLdScript } from './seo.ts';

describe('env', () => {
  it('applies defaults and strips trailing slashes', () => {
    expect(parseEnv({ SITE_URL: 'https://northwire.example/' })).toEqual({
      SITE_API_URL: 'http://127.0.0.1:4321',
      SITE_URL: 'https://northwire.example',
    });
  });
  it('lists every invalid variable', () => {
    expect(() => parseEnv({ SITE_URL: 'nope', SITE_API_URL: 'ftp://x' })).toThrow(/SITE_API_URL[\s\S]*SITE_URL/);
  });
});

describe('navigation', () => {
  it('has the header links in order and fifteen footer links', () => {
    expect(NAV_LINKS.map((l) => l.label)).toEqual([
      'Home',
      'AI Analysis',
      'Startups',
      'Deep Dives',
      'Deal Watch',
      'Energy',
      'Architecture',
      'About',
    ]);
    expect(FOOTER_GROUPS.flatMap((g) => g.links.map((l) => l.href)).sort()).toEqual(
      [
        '/contact',
        '/tip',
        '/guidelines',
        '/about',
        '/ethics',
        '/review-process',
        '/methodology',
        '/corrections',
        '/privacy-settings',
        '/terms',
        '/privacy',
        '/cookies',
        '/licensing',
        '/accessibility',
        '/status',
      ].sort(),
    );
  });
  it.each([
    ['/', '/', true],
    ['/analysis', '/', false],
    ['/analysis.html', '/analysis', true],
    ['/analysis/', '/analysis', true],
    ['/analysis-old', '/analysis', false],
    ['/index.html', '/', true],
  ])('path %s activates %s: %s', (path, href, active) => {
    expect(isActive(path, href)).toBe(active);
  });
  it('normalises paths', () => {
    expect(normalisePath('/about.html')).toBe('/about');
    expect(normalisePath('/')).toBe('/');
  });
});

describe('hero art', () => {
  it('is deterministic per slug and differs between slugs', () => {
    expect(heroShapes('a-post')).toEqual(heroShapes('a-post'));
    expect(heroShapes('a-post')).not.toEqual(heroShapes('another-post'));
    expect(hashString('')).toBe(0x811c9dc5);
  });
});

describe('html fixups', () => {
  it('drops the island style and spaces meta refresh URLs', () => {
    expect(fixHtml('<body><style>astro-island,astro-slot,astro-static-slot{display:contents}</style><p>x</p>')).toBe(
      '<body><p>x</p>',
    );
    expect(fixHtml('<meta http-equiv="refresh" content="0;url=/admin">')).toBe(
      '<meta http-equiv="refresh" content="0; url=/admin">',
    );
  });
});

describe('JSON-LD', () => {
  it('cannot close its script element', () => {
    expect(jsonLdScript({ headline: '</script><script>alert(1)</script>' })).not.toContain('</script>');
  });
});

describe('article html', async () => {
  const { withScrollableFocus } = await import('./article-html.ts');
  it('makes code blocks and tables keyboard-scrollable', () => {
    expect(withScrollableFocus('<pre><code>x</code></pre><table><tr><td>1</td></tr></table><p>y</p>')).toBe(
      '<pre tabindex="0"><code>x</code></pre><table tabindex="0"><tr><td>1</td></tr></table><p>y</p>',
    );
  });
});
