import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testApp } from '../test-utils.ts';

type T = Awaited<ReturnType<typeof testApp>>;
let t: T;
beforeEach(async () => {
  t = await testApp();
  await t.login();
});
afterEach(() => t.cleanup());

const body = {
  name: 'Weekly funding',
  category: 'Deal Watch',
  title: '[Company] raises [Amount] for [Product]',
  content: '## The round\n\n[Details]',
  tags: 'funding, europe , ,deals',
  readTime: 4,
};

describe('/api/templates', () => {
  it('creates with usageCount 0 and split tags, lists, updates, counts uses and deletes', async () => {
    const created = await t.call('POST', '/api/templates', body);
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      name: 'Weekly funding',
      tags: ['funding', 'europe', 'deals'],
      usageCount: 0,
      readTime: 4,
    });
    const id = created.json.id;
    expect((await t.call('GET', '/api/templates')).json).toHaveLength(1);
    const updated = await t.call('PUT', `/api/templates/${id}`, { ...body, name: 'Monthly funding', tags: ['a'] });
    expect(updated.json).toMatchObject({ name: 'Monthly funding', tags: ['a'] });
    expect((await t.call('POST', `/api/templates/${id}/use`)).json.usageCount).toBe(1);
    expect((await t.call('POST', `/api/templates/${id}/use`)).json.usageCount).toBe(2);
    expect((await t.call('DELETE', `/api/templates/${id}`)).json).toEqual({ ok: true });
    expect((await t.call('GET', '/api/templates')).json).toEqual([]);
  });

  it.each([
    ['name', { name: '' }, 'Template name is required'],
    ['category', { category: '' }, 'Category is required'],
    ['title', { title: ' ' }, 'Title template is required'],
    ['content', { content: '' }, 'Content template is required'],
    ['readTime', { readTime: 0 }, 'Read time must be at least 1 minute'],
  ])('refuses a missing %s with its validation message', async (_path, override, message) => {
    const res = await t.call('POST', '/api/templates', { ...body, ...override });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe(message);
  });

  it('answers 404 for unknown templates and 401 without a session', async () => {
    expect((await t.call('PUT', '/api/templates/999', body)).status).toBe(404);
    expect((await t.call('DELETE', '/api/templates/999')).status).toBe(404);
    expect((await t.call('POST', '/api/templates/999/use')).status).toBe(404);
    t.logout();
    expect((await t.call('GET', '/api/templates')).status).toBe(401);
    expect((await t.call('POST', '/api/templates', body)).status).toBe(401);
  });
});
