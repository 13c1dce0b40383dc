/**
 * Feed validation for the browser tests: an Atom document against the elements RFC 4287 requires (parsed by the
 * browser's own XML parser), a JSON Feed against content-schema's JSON Feed 1.1 schema.
 */
import { expect, type Page } from '@playwright/test';
import { JsonFeedSchema, type JsonFeed } from 'content-schema/json-feed';

export interface AtomSummary {
  /** Problems found; empty when the document is a valid Atom feed as far as RFC 4287's required elements go. */
  problems: string[];
  entries: { id: string; link: string; content: string }[];
}

/**
 * Fetches `path` in the page and checks it as RFC 4287 asks (§4.1.1, §4.1.2): well-formed XML whose root is
 * atom:feed; the feed has exactly one id, title and updated, at least one author unless every entry has one,
 * and a rel="self" link; every entry has exactly one id, title and updated, an author (its own or the feed's),
 * and content or a rel="alternate" link; every date is an RFC 3339 date-time; ids are IRIs.
 */
export async function checkAtom(page: Page, path: string): Promise<AtomSummary> {
  return page.evaluate(async (p) => {
    const NS = 'http://www.w3.org/2005/Atom';
    const problems: string[] = [];
    const text = await (await fetch(p)).text();
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    if (doc.getElementsByTagName('parsererror').length)
      return { problems: [`${p} is not well-formed XML`], entries: [] };
    const feed = doc.documentElement;
    if (feed.namespaceURI !== NS || feed.localName !== 'feed') problems.push('the root is not atom:feed');
    const children = (el: Element, name: string) =>
      [...el.children].filter((c) => c.namespaceURI === NS && c.localName === name);
    const rfc3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
    const one = (el: Element, name: string, where: string) => {
      const found = children(el, name);
      if (found.length !== 1) problems.push(`${where} has ${found.length} atom:${name} (exactly one required)`);
      return found[0]?.textContent?.trim() ?? '';
    };
    const date = (value: string, where: string) => {
      if (!rfc3339.test(value) || Number.isNaN(Date.parse(value)))
        problems.push(`${where}: "${value}" is not an RFC 3339 date-time`);
    };
    const iri = (value: string, where: string) => {
      try {
        new URL(value);
      } catch {
        problems.push(`${where}: id "${value}" is not an absolute IRI`);
      }
    };
    iri(one(feed, 'id', 'the feed'), 'the feed');
    one(feed, 'title', 'the feed');
    date(one(feed, 'updated', 'the feed'), 'the feed updated');
    if (!children(feed, 'link').some((l) => l.getAttribute('rel') === 'self'))
      problems.push('the feed has no rel="self" link');
    const feedAuthor = children(feed, 'author').length > 0;
    const entries = children(feed, 'entry').map((entry, i) => {
      const where = `entry ${i + 1}`;
      const id = one(entry, 'id', where);
      iri(id, where);
      one(entry, 'title', where);
      date(one(entry, 'updated', where), `${where} updated`);
      for (const published of children(entry, 'published')) date(published.textContent ?? '', `${where} published`);
      if (!feedAuthor && children(entry, 'author').length === 0) problems.push(`${where} has no author`);
      for (const author of children(entry, 'author'))
        if (children(author, 'name').length !== 1) problems.push(`${where}'s author has no name`);
      const alternate = children(entry, 'link').find((l) => (l.getAttribute('rel') ?? 'alternate') === 'alternate');
      const content = children(entry, 'content')[0];
      if (!content && !alternate) problems.push(`${where} has neither content nor an alternate link`);
      if (children(entry, 'content').length > 1) problems.push(`${where} has more than one content`);
      return { id, link: alternate?.getAttribute('href') ?? '', content: content?.textContent ?? '' };
    });
    return { problems, entries };
  }, path);
}

/** Fetches a JSON Feed and parses it with the JSON Feed 1.1 schema (throws with the issues otherwise). */
export async function checkJsonFeed(page: Page, path: string): Promise<JsonFeed> {
  const res = await page.request.get(path);
  expect(res.ok(), path).toBeTruthy();
  const parsed = JsonFeedSchema.safeParse(await res.json());
  expect(parsed.success ? [] : parsed.error.issues, `${path} is JSON Feed 1.1`).toEqual([]);
  return parsed.data!;
}
