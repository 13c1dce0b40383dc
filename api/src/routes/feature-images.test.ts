/**
 * Feature images through the API on a real libSQL file: chosen with a focal point, refused when the library does
 * not have them or (to go live) when they have no alt text, resolved for the site renderer, kept from deletion while
 * chosen, and shown again (with a change record for a public post) when their details change.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MEDIA_ERRORS, missingAltMessage } from 'content-schema/media';
import { uploadedImage } from '../services/media/test-support.ts';
import { postBody, testApp } from '../test-utils.ts';

type T = Awaited<ReturnType<typeof testApp>>;
let t: T;
beforeEach(async () => {
  t = await testApp();
  await t.login();
});
afterEach(() => t.cleanup());

const upload = (name: string, alt = '') => uploadedImage(t.call, name, { width: 1600, alt });

const sitePost = async (id: number) => (await t.call('GET', `/api/site/posts?ids=${id}&fields=summary`)).json.posts[0];

describe('a feature image', () => {
  it('is kept with its focal point (the centre unless chosen) and answered resolved to the site renderer', async () => {
    const image = await upload('harbour.jpg', 'Cranes over a harbour at dawn');
    const created = await t.call('POST', '/api/posts', postBody({ published: true, featureImage: { id: image.id } }));
    expect(created.status).toBe(201);
    expect(created.json.featureImage).toEqual({ id: image.id, focusX: 50, focusY: 50 });
    const moved = await t.call('PUT', `/api/posts/${created.json.id}`, {
      featureImage: { id: image.id, focusX: 20, focusY: 75 },
    });
    expect(moved.json.featureImage).toEqual({ id: image.id, focusX: 20, focusY: 75 });
    const site = await sitePost(created.json.id);
    expect(site.featureImage).toMatchObject({
      id: image.id,
      alt: 'Cranes over a harbour at dawn',
      width: 1600,
      height: 900,
      focusX: 20,
      focusY: 75,
      fallback: image.fallback,
    });
    expect(site.featureImage.variants).toEqual(image.variants);
    // Only the focal point moved, yet readers see another crop: a change record names the field.
    expect((await t.changes()).at(-1)).toMatchObject({ kind: 'updated', fields: ['featureImage'] });
    // A save that leaves it out keeps it; null removes it.
    await t.call('PUT', `/api/posts/${created.json.id}`, { title: 'Harbours' });
    expect((await sitePost(created.json.id)).featureImage.id).toBe(image.id);
    await t.call('PUT', `/api/posts/${created.json.id}`, { featureImage: null });
    expect((await sitePost(created.json.id)).featureImage).toBeNull();
  });

  it('must be an image of the library: 422 on the field, nothing written', async () => {
    const before = (await t.call('GET', '/api/posts')).json.length;
    const res = await t.call('POST', '/api/posts', postBody({ featureImage: { id: 999 } }));
    expect([res.status, res.json.error, res.json.issues]).toEqual([
      422,
      MEDIA_ERRORS.featureNotFound,
      [{ path: 'featureImage', message: MEDIA_ERRORS.featureNotFound }],
    ]);
    expect((await t.call('GET', '/api/posts')).json.length).toBe(before);
    const post = await t.call('POST', '/api/posts', postBody());
    const put = await t.call('PUT', `/api/posts/${post.json.id}`, { featureImage: { id: 999, focusX: 10 } });
    expect(put.status).toBe(422);
    expect((await t.call('GET', `/api/posts/${post.json.id}`)).json).toMatchObject({ featureImage: null, version: 1 });
    const bad = await t.call('PUT', `/api/posts/${post.json.id}`, { featureImage: { id: 1, focusX: 101 } });
    expect([bad.status, bad.json.error]).toEqual([400, "The focal point's x must be between 0 and 100"]);
  });

  it('cannot go live without alt text, and the library’s alt text is what it needs', async () => {
    const image = await upload('harbour-dawn.jpg');
    const refused = await t.call('POST', '/api/posts', postBody({ published: true, featureImage: { id: image.id } }));
    const message = missingAltMessage(['harbour-dawn.jpg']);
    expect([refused.status, refused.json.error]).toEqual([400, message]);
    expect(refused.json.issues).toContainEqual({ path: 'featureImage', message });
    const draft = await t.call('POST', '/api/posts', postBody({ featureImage: { id: image.id } }));
    expect(draft.status).toBe(201);
    expect((await t.call('PUT', `/api/posts/${draft.json.id}`, { published: true })).status).toBe(400);
    await t.call('PUT', `/api/media/${image.id}`, { alt: 'A harbour at dawn' });
    expect((await t.call('PUT', `/api/posts/${draft.json.id}`, { published: true })).status).toBe(200);
  });

  it('keeps its image in the library while chosen, and shows a change of its details on the live post', async () => {
    const image = await upload('grid.jpg', 'Pylons in snow');
    const live = await t.call('POST', '/api/posts', postBody({ published: true, featureImage: { id: image.id } }));
    const refused = await t.call('DELETE', `/api/media/${image.id}`);
    expect(refused.status).toBe(409);
    expect((await t.call('GET', `/api/media/${image.id}`)).json.usedBy).toEqual([
      { id: live.json.id, title: live.json.title },
    ]);
    const before = (await t.changes()).length;
    expect((await t.call('PUT', `/api/media/${image.id}`, { caption: 'Winter on the grid.' })).status).toBe(200);
    expect((await t.changes()).slice(before).map((r) => [r.postId, r.kind, r.fields])).toEqual([
      [live.json.id, 'updated', ['featureImage']],
    ]);
    expect((await sitePost(live.json.id)).featureImage.caption).toBe('Winter on the grid.');
    const cleared = await t.call('PUT', `/api/media/${image.id}`, { alt: '' });
    expect(cleared.status).toBe(409);
    expect((await t.call('GET', `/api/media/${image.id}`)).json.alt).toBe('Pylons in snow');
  });

  it('is part of the revision history, restored with its focal point', async () => {
    const image = await upload('x.jpg', 'X');
    const post = await t.call(
      'POST',
      '/api/posts',
      postBody({ featureImage: { id: image.id, focusX: 10, focusY: 90 } }),
    );
    await t.call('PUT', `/api/posts/${post.json.id}`, { featureImage: null });
    const revisions = (await t.call('GET', `/api/posts/${post.json.id}/revisions`)).json.items;
    expect(revisions[0].changed).toEqual(['featureImage']);
    const first = revisions.at(-1);
    expect((await t.call('GET', `/api/revisions/${first.id}`)).json.featureImage).toMatchObject({ focusX: 10 });
    const restored = await t.call('POST', `/api/revisions/${first.id}/restore`, {});
    expect(restored.json.featureImage).toEqual({
      id: image.id,
      focusX: 10,
      focusY: 90,
    });
  });
});
