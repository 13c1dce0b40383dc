/**
 * Library images in post bodies, through the API on a real libSQL file: rendered as responsive pictures when the
 * post is saved, required to have alt text before the post can go live, and rendered again (with a change record
 * for a public post) when their details change.
 */
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { missingAltMessage, type Media } from 'content-schema/media';
import { posts } from '../db/schema.ts';
import { solid, uploadedImage } from '../services/media/test-support.ts';
import { ORIGIN, postBody, testApp } from '../test-utils.ts';

type T = Awaited<ReturnType<typeof testApp>>;
let t: T;
beforeEach(async () => {
  t = await testApp();
  await t.login();
});
afterEach(() => t.cleanup());

const upload = (name: string, width = 1400, height = 900) => uploadedImage(t.call, name, { width, height });

const htmlOf = async (id: number) => (await t.db.select().from(posts).where(eq(posts.id, id)))[0]!.html!;

describe('a library image in a post body', () => {
  it('renders as a picture of its AVIF and WebP variants with its size, lazily, in a figure with its caption', async () => {
    const image = await upload('gpu-prices.jpg');
    await t.call('PUT', `/api/media/${image.id}`, {
      caption: 'GPU prices, 2020–2026.',
      credit: 'Northwire',
      licence: 'CC BY 4.0',
    });
    const res = await t.call(
      'POST',
      '/api/posts',
      postBody({
        content: `Intro.\n\n![A bar chart of GPU prices](/media/${image.id})\n\nInline ![chip](/media/${image.id}) here.`,
      }),
    );
    expect(res.status).toBe(201);
    const html = await htmlOf(res.json.id);
    const avif = image.variants.filter((v) => v.format === 'avif').map((v) => `/media/${v.file} ${v.width}w`);
    expect(avif).toHaveLength(4); // 320, 640, 960, 1280 and the image's own 1,400
    expect(html).toContain(
      `<figure class="media-figure"><picture><source type="image/avif" srcset="${avif.join(', ')}" sizes="(min-width: 52rem) 48rem, calc(100vw - 2rem)">`,
    );
    expect(html).toContain(
      `<img src="/media/${image.fallback.file}" alt="A bar chart of GPU prices" width="1400" height="900" loading="lazy" decoding="async"></picture>` +
        '<figcaption>GPU prices, 2020–2026. <span class="media-credit">Northwire (CC BY 4.0)</span></figcaption></figure>',
    );
    // Inside a sentence it stays inline: a picture, no figure (a figure cannot sit in a paragraph).
    expect(html).toMatch(/<p>Inline <picture>.*alt="chip".*<\/picture> here\.<\/p>/);
    expect((await t.call('GET', `/api/media/${image.id}`)).json.usedBy).toEqual([
      { id: res.json.id, title: 'Grid queues are the real bottleneck' },
    ]);
  });

  it('shows the alt text of a number the library does not have, and redirects a library number to its file', async () => {
    const image = await upload('a.jpg');
    const res = await t.call('POST', '/api/posts', postBody({ content: '![A missing chart](/media/999)' }));
    expect(await htmlOf(res.json.id)).toBe('<p><span>A missing chart</span></p>');
    const redirect = await t.app.request(`${ORIGIN}/media/${image.id}`);
    expect([redirect.status, redirect.headers.get('Location')]).toEqual([302, `/media/${image.fallback.file}`]);
    expect((await t.app.request(`${ORIGIN}/media/999`)).status).toBe(404);
  });

  it('cannot be published without alt text, naming the image; the library’s alt text is enough', async () => {
    const image = await upload('harbour-dawn.jpg');
    const refused = await t.call(
      'POST',
      '/api/posts',
      postBody({ published: true, content: `![](/media/${image.id})` }),
    );
    expect(refused.status).toBe(400);
    expect(refused.json.error).toBe(missingAltMessage(['harbour-dawn.jpg']));
    expect(refused.json.error).toBe(
      'Add alt text to the image “harbour-dawn.jpg” before publishing: readers who cannot see an image rely on it.',
    );
    expect((await t.call('GET', '/api/posts?status=all')).json.posts ?? []).toHaveLength(0);

    const draft = await t.call('POST', '/api/posts', postBody({ content: `![](/media/${image.id})` }));
    expect(draft.status).toBe(201);
    expect((await t.call('PUT', `/api/posts/${draft.json.id}`, { published: true })).json.error).toBe(
      missingAltMessage(['harbour-dawn.jpg']),
    );
    // Alt text given in the library: the draft is rendered again with it, and may go live.
    await t.call('PUT', `/api/media/${image.id}`, { alt: 'A ferry leaving the harbour at dawn' });
    expect(await htmlOf(draft.json.id)).toContain('alt="A ferry leaving the harbour at dawn"');
    const published = await t.call('PUT', `/api/posts/${draft.json.id}`, { published: true });
    expect(published.status).toBe(200);
    // Now it is live, the library's alt text cannot be taken away from it.
    const cleared = await t.call('PUT', `/api/media/${image.id}`, { alt: '' });
    expect(cleared.status).toBe(409);
    expect(cleared.json.error).toBe(
      'Alt text is required: this image is in published posts that give it none: “Grid queues are the real bottleneck”.',
    );
    expect((await t.call('GET', `/api/media/${image.id}`)).json.alt).toBe('A ferry leaving the harbour at dawn');
  });

  it('renders the public posts using an image again when its caption changes, each with one change record', async () => {
    const image = await upload('chart.jpg');
    const live = await t.call(
      'POST',
      '/api/posts',
      postBody({ title: 'Live', published: true, content: `![Chart](/media/${image.id})` }),
    );
    const draft = await t.call(
      'POST',
      '/api/posts',
      postBody({ title: 'Draft', content: `![Chart](/media/${image.id})` }),
    );
    const other = await t.call(
      'POST',
      '/api/posts',
      postBody({ title: 'Other', published: true, content: 'No image.' }),
    );
    const before = (await t.changes()).length;
    await t.call('PUT', `/api/media/${image.id}`, { caption: 'Source: company filings.' });
    for (const id of [live.json.id, draft.json.id])
      expect(await htmlOf(id)).toContain('<figcaption>Source: company filings.</figcaption>');
    expect(await htmlOf(other.json.id)).toBe('<p>No image.</p>');
    const records = (await t.changes()).slice(before);
    expect(records.map((r) => [r.postId, r.kind, r.fields])).toEqual([[live.json.id, 'updated', ['content']]]);
    // Nothing readers see changed: no record, nothing rendered.
    await t.call('PUT', `/api/media/${image.id}`, { licence: '' });
    expect((await t.changes()).slice(before).map((r) => [r.postId, r.kind, r.fields])).toEqual([
      [live.json.id, 'updated', ['content']],
    ]);
  });

  it('is no longer used once the body stops naming it, and a deleted post frees its images', async () => {
    const image = await upload('x.jpg');
    const post = await t.call('POST', '/api/posts', postBody({ content: `![X](/media/${image.id})` }));
    expect((await t.call('GET', '/api/media?filter=unused')).json).toEqual([]);
    await t.call('DELETE', `/api/posts/${post.json.id}`);
    expect((await t.call('GET', '/api/media?filter=unused')).json.map((m: Media) => m.id)).toEqual([image.id]);
    expect((await t.call('DELETE', `/api/media/${image.id}`)).json).toEqual({ ok: true });
  });

  it('takes a new file for an image: the posts using it show the new pictures, and the old files go', async () => {
    const image = await upload('draft-chart.jpg', 1400, 900);
    const post = await t.call(
      'POST',
      '/api/posts',
      postBody({ published: true, content: `![Chart](/media/${image.id})` }),
    );
    const before = (await t.changes()).length;
    const bytes = await solid(1000, 1000).png().toBuffer();
    const refused = await t.call('PUT', `/api/media/${image.id}/file`, Buffer.from('not an image'), {
      'X-File-Name': 'x.png',
    });
    expect(refused.status).toBe(422);
    expect((await t.call('GET', `/api/media/${image.id}`)).json.fallback).toEqual(image.fallback);

    const res = await t.call('PUT', `/api/media/${image.id}/file`, bytes, { 'X-File-Name': 'final-chart.png' });
    expect(res.status).toBe(200);
    const replaced = res.json as Media;
    expect(replaced).toMatchObject({ id: image.id, fileName: 'final-chart.png', width: 1000, height: 1000 });
    const html = await htmlOf(post.json.id);
    expect(html).toContain(`<img src="/media/${replaced.fallback.file}" alt="Chart" width="1000" height="1000"`);
    expect(html).not.toContain(image.fallback.file);
    expect((await t.changes()).slice(before).map((r) => [r.postId, r.kind])).toEqual([[post.json.id, 'updated']]);
    expect((await t.app.request(`${ORIGIN}/media/${image.fallback.file}`)).status).toBe(404);
    expect((await t.app.request(`${ORIGIN}/media/${replaced.fallback.file}`)).status).toBe(200);
    expect((await t.call('PUT', '/api/media/999/file', bytes, { 'X-File-Name': 'x.png' })).status).toBe(404);
  });
});
