import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { LoginSchema } from './auth.ts';
import { MARKDOWN_LIMIT_MESSAGES, MARKDOWN_MAX_DEPTH } from './markdown-limits.ts';
import { PostFormSchema, PostInputSchema, PostUpdateSchema, splitTags } from './post.ts';
import { ScheduleFormSchema, SchedulePayloadSchema } from './schedule.ts';
import { SeoFormSchema } from './seo-form.ts';
import { OVERALL_BANNER, overallStatus } from './status.ts';
import { TemplateFormSchema, TemplateInputSchema } from './template.ts';
import { WorkflowExecuteSchema, WorkflowFormSchema } from './workflow.ts';

/** The messages of a failed parse keyed by path ('' for the root), or {} when it passes. */
function messages(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('PostInputSchema', () => {
  const valid = {
    title: 'Nordic AI funding',
    content: '# Body',
    excerpt: 'Short summary',
    category: 'Deep Dive',
    authorName: 'Ada Analyst',
  };

  it('accepts a minimal post and fills in the editor defaults', () => {
    expect(PostInputSchema.parse(valid)).toEqual({
      ...valid,
      tags: [],
      authorId: 1,
      readTime: 5,
      published: false,
      seoTitle: null,
      metaDescription: null,
      focusKeyword: null,
      featureImage: null,
    });
  });

  it.each([
    ['title', undefined, 'Title is required'],
    ['title', '', 'Title is required'],
    ['title', '   ', 'Title is required'],
    ['content', undefined, 'Content is required'],
    ['content', '\n\t ', 'Content is required'],
    ['excerpt', undefined, 'Excerpt is required'],
    ['excerpt', ' ', 'Excerpt is required'],
    ['category', undefined, 'Category is required'],
    ['category', '', 'Category is required'],
    ['category', 'Gossip', 'Category is required'],
    ['authorName', undefined, 'Author name is required'],
    ['authorName', '  ', 'Author name is required'],
    ['readTime', 0, 'Read time must be at least 1 minute'],
    ['readTime', -3, 'Read time must be at least 1 minute'],
    ['readTime', '5', 'Read time must be at least 1 minute'],
    ['readTime', 1.5, 'Read time must be a whole number of minutes'],
    ['title', 'x'.repeat(201), 'Title must be at most 200 characters'],
    ['tags', 'a,b', 'Tags must be a list'],
    ['tags', Array.from({ length: 21 }, (_, i) => `t${i}`), 'At most 20 tags'],
    ['seoTitle', 'x'.repeat(61), 'Title should be under 60 characters'],
    ['metaDescription', 'x'.repeat(161), 'Meta description should be 120-160 characters'],
    ['slug', 'Not A Slug', 'Slug may contain only lowercase letters, digits and single hyphens'],
    ['readTime', 601, 'Read time must be at most 600 minutes'],
    ['readTime', 1e12, 'Read time must be at most 600 minutes'],
    ['authorId', 0, 'Author id must be a positive whole number'],
    ['authorId', 2.5, 'Author id must be a positive whole number'],
    ['authorId', 1e15, 'Author id must be a positive whole number'],
  ])('%s = %j → %j', (field, value, message) => {
    expect(messages(PostInputSchema, { ...valid, [field]: value })).toEqual({ [field]: message });
  });

  it('bounds each tag', () => {
    expect(messages(PostInputSchema, { ...valid, tags: ['ai', 'x'.repeat(51)] })).toEqual({
      'tags.1': 'A tag must be at most 50 characters',
    });
  });

  it('accepts the largest read time and author id', () => {
    expect(messages(PostInputSchema, { ...valid, readTime: 600, authorId: 999_999_999_999_999 })).toEqual({});
  });

  // Bodies the renderer could not render in bounded depth and time (see markdown-limits.test.ts).
  it.each([
    ['quotes nested past the limit', '>'.repeat(MARKDOWN_MAX_DEPTH + 1) + ' x', MARKDOWN_LIMIT_MESSAGES.depth],
    ['10,000 nested quotes', '>'.repeat(10_000) + ' x', MARKDOWN_LIMIT_MESSAGES.depth],
    ['lists nested past the limit', '- '.repeat(MARKDOWN_MAX_DEPTH + 1) + 'x', MARKDOWN_LIMIT_MESSAGES.depth],
    [
      'short rows under a wide header',
      '|a'.repeat(20_000) + '|\n' + '|-'.repeat(20_000) + '|\n' + 'a\n'.repeat(10),
      MARKDOWN_LIMIT_MESSAGES.tableCells,
    ],
    ['50,000 list items', '- a\n'.repeat(50_000), MARKDOWN_LIMIT_MESSAGES.work],
  ])('content with %s → its limit', (_name, content, message) => {
    expect(messages(PostInputSchema, { ...valid, content })).toEqual({ content: message });
    expect(messages(PostUpdateSchema, { content })).toEqual({ content: message });
  });

  it('accepts content nested to the limit', () => {
    expect(messages(PostInputSchema, { ...valid, content: '> - '.repeat(MARKDOWN_MAX_DEPTH / 2) + 'x' })).toEqual({});
  });

  it.each([
    ['', 'Content is required'],
    [' '.repeat(300_000), 'Content is required'],
    ['x'.repeat(200_001), 'Content must be at most 200,000 characters'],
    ['>'.repeat(200_001), 'Content must be at most 200,000 characters'],
  ])('checks content for presence, then length, then limits: %#', (content, message) => {
    const result = PostInputSchema.safeParse({ ...valid, content });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['content', message]]);
  });

  it('reports every missing required field at once', () => {
    expect(messages(PostInputSchema, {})).toEqual({
      title: 'Title is required',
      content: 'Content is required',
      excerpt: 'Excerpt is required',
      category: 'Category is required',
      authorName: 'Author name is required',
    });
  });

  it.each([
    [
      [' ai ', 'ai', '', '  ', 'eu '],
      ['ai', 'eu'],
    ],
    [[], []],
    [
      ['Nordic', 'nordic'],
      ['Nordic', 'nordic'],
    ],
  ])('tags %j → %j (trimmed, deduplicated, empties dropped)', (tags, expected) => {
    expect(PostInputSchema.parse({ ...valid, tags }).tags).toEqual(expected);
  });

  it.each([
    ['title', '  Padded  ', 'Padded'],
    ['seoTitle', '   ', null],
    ['slug', '', null],
    ['slug', 'nordic-ai', 'nordic-ai'],
  ])('%s %j is stored as %j', (field, value, expected) => {
    expect(PostInputSchema.parse({ ...valid, [field]: value })[field as keyof typeof valid]).toBe(expected);
  });
});

describe('PostUpdateSchema', () => {
  it('keeps a publish toggle to just `published`, so other fields are not reset', () => {
    expect(PostUpdateSchema.parse({ published: true })).toEqual({ published: true });
  });

  it('validates the fields it is given with the same messages', () => {
    expect(messages(PostUpdateSchema, { title: ' ' })).toEqual({ title: 'Title is required' });
  });

  it('rejects unknown fields', () => {
    expect(PostUpdateSchema.safeParse({ published: true, views: 9 }).success).toBe(false);
  });
});

describe('PostFormSchema', () => {
  const form = {
    title: 'T',
    excerpt: 'E',
    content: 'C',
    category: 'Analysis Drop',
    tags: 'a, b',
    authorName: 'A',
    readTime: 5,
    published: false,
    provenance: 'human',
    seoTitle: '',
    metaDescription: '',
    focusKeyword: '',
    slug: '',
    featureImage: null,
  };

  it('accepts the editor form', () => {
    expect(PostFormSchema.safeParse(form).success).toBe(true);
  });

  it.each([
    ['title', ' ', 'Title is required'],
    ['excerpt', '', 'Excerpt is required'],
    ['content', '  ', 'Content is required'],
    ['category', '', 'Category is required'],
    ['authorName', '', 'Author name is required'],
    ['readTime', 0, 'Read time must be at least 1 minute'],
    ['readTime', Number.NaN, 'Read time must be at least 1 minute'],
    ['seoTitle', 'x'.repeat(61), 'Title should be under 60 characters'],
    ['metaDescription', 'x'.repeat(161), 'Meta description should be 120-160 characters'],
  ])('%s = %j → %j', (field, value, message) => {
    expect(messages(PostFormSchema, { ...form, [field]: value })).toEqual({ [field]: message });
  });

  it('keeps a known non-editor category of an existing post', () => {
    expect(PostFormSchema.safeParse({ ...form, category: 'Energy Future' }).success).toBe(true);
  });
});

describe('splitTags', () => {
  it.each([
    ['ai, eu ,startups', ['ai', 'eu', 'startups']],
    ['  ai ,, , ai,', ['ai']],
    ['', []],
    [' , ', []],
    ['single', ['single']],
  ])('%j → %j', (text, expected) => {
    expect(splitTags(text)).toEqual(expected);
  });
});

describe('LoginSchema', () => {
  const REQUIRED = 'Username and password are required.';
  it.each([
    [{}, { username: REQUIRED, password: REQUIRED }],
    [
      { username: '', password: '' },
      { username: REQUIRED, password: REQUIRED },
    ],
    [{ username: '   ', password: 'secret' }, { username: REQUIRED }],
    [{ username: 'admin' }, { password: REQUIRED }],
    [{ username: 'admin', password: '' }, { password: REQUIRED }],
    [{ username: 'admin', password: 'x'.repeat(1001) }, { password: 'Password is too long.' }],
    [{ username: 'admin', password: ' secret ' }, {}],
  ])('%j → %j', (input, expected) => {
    expect(messages(LoginSchema, input)).toEqual(expected);
  });

  it('trims the username but never the password', () => {
    expect(LoginSchema.parse({ username: ' admin ', password: ' pw ' })).toEqual({
      username: 'admin',
      password: ' pw ',
    });
  });
});

describe('TemplateFormSchema', () => {
  const form = {
    name: 'Weekly',
    category: 'Analysis Drop',
    title: '[Topic] analysis',
    content: '# [Topic]',
    tags: 'ai, eu',
    readTime: 6,
  };

  it('accepts a template form', () => {
    expect(messages(TemplateFormSchema, form)).toEqual({});
  });

  it.each([
    ['name', ' ', 'Template name is required'],
    ['category', '', 'Category is required'],
    ['category', 'Gossip', 'Category is required'],
    ['title', '', 'Title template is required'],
    ['content', '\n', 'Content template is required'],
    ['readTime', 0, 'Read time must be at least 1 minute'],
    ['readTime', undefined, 'Read time must be at least 1 minute'],
    // A template's read time becomes a post's: the same bounds.
    ['readTime', 601, 'Read time must be at most 600 minutes'],
    ['readTime', 1e12, 'Read time must be at most 600 minutes'],
    ['readTime', 4.5, 'Read time must be a whole number of minutes'],
    ['tags', 'x'.repeat(1001), 'Tags must be at most 1,000 characters'],
  ])('%s = %j → %j', (field, value, message) => {
    expect(messages(TemplateFormSchema, { ...form, [field]: value })).toEqual({ [field]: message });
  });

  it('turns comma-separated tags into a trimmed list for the API', () => {
    expect(TemplateInputSchema.parse({ ...form, tags: ' ai ,eu,, ai ' }).tags).toEqual(['ai', 'eu']);
  });

  it.each([
    [Array.from({ length: 21 }, (_, i) => `t${i}`), { tags: 'At most 20 tags' }],
    [Array.from({ length: 21 }, (_, i) => `t${i}`).join(','), { tags: 'At most 20 tags' }],
    [['x'.repeat(51)], { 'tags.0': 'A tag must be at most 50 characters' }],
    [`ai, ${'x'.repeat(51)}`, { 'tags.1': 'A tag must be at most 50 characters' }],
    ['ai,'.repeat(400), { tags: 'Tags must be at most 1,000 characters' }],
    [5, { tags: 'Tags must be a list or comma-separated text' }],
    [[5], { 'tags.0': 'A tag must be text' }],
  ])("bounds the API tags %j as a post's: %j", (tags, expected) => {
    expect(messages(TemplateInputSchema, { ...form, tags })).toEqual(expected);
  });
});

describe('SeoFormSchema', () => {
  const form = { title: 'Nordic AI', metaDescription: 'm'.repeat(140), focusKeyword: 'nordic ai', slug: 'nordic-ai' };

  it.each([
    ['title', '', 'Title is required'],
    ['title', 'x'.repeat(60), undefined],
    ['title', 'x'.repeat(61), 'Title should be under 60 characters'],
    ['metaDescription', 'm'.repeat(119), 'Meta description should be 120-160 characters'],
    ['metaDescription', 'm'.repeat(120), undefined],
    ['metaDescription', 'm'.repeat(160), undefined],
    ['metaDescription', 'm'.repeat(161), 'Meta description should be 120-160 characters'],
    ['focusKeyword', ' ', 'Focus keyword is required'],
    ['slug', '', 'URL slug is required'],
  ])('%s of length %# → %j', (field, value, message) => {
    expect(messages(SeoFormSchema, { ...form, [field]: value })).toEqual(message ? { [field]: message } : {});
  });
});

describe('WorkflowFormSchema', () => {
  const form = { name: 'Nightly backup', trigger: 'manual', actions: [{ type: 'publish' }], enabled: true };

  it('accepts the dashboard defaults', () => {
    expect(messages(WorkflowFormSchema, form)).toEqual({});
  });

  it.each([
    ['name', '', 'Workflow name is required'],
    ['name', '   ', 'Workflow name is required'],
    ['name', 'x'.repeat(101), 'Workflow name must be at most 100 characters'],
    ['actions', Array.from({ length: 21 }, () => ({ type: 'publish' })), 'At most 20 actions'],
  ])('%s = %j → %j', (field, value, message) => {
    expect(messages(WorkflowFormSchema, { ...form, [field]: value })).toEqual({ [field]: message });
  });

  it.each([
    [{ platforms: Array(11).fill('x') }, 'platforms', 'At most 10 platforms'],
    [{ platforms: ['x'.repeat(51)] }, 'platforms.0', 'A platform must be at most 50 characters'],
    [{ recipients: Array(51).fill('editor') }, 'recipients', 'At most 50 recipients'],
    [{ recipients: ['x'.repeat(255)] }, 'recipients.0', 'A recipient must be at most 254 characters'],
    [{ destination: 'x'.repeat(501) }, 'destination', 'Destination must be at most 500 characters'],
    [{ condition: 'x'.repeat(201) }, 'condition', 'Condition must be at most 200 characters'],
  ])('bounds the action setting %#: %s', (config, path, message) => {
    const actions = [{ type: 'notify', config }];
    expect(messages(WorkflowFormSchema, { ...form, actions })).toEqual({ [`actions.0.config.${path}`]: message });
  });

  it.each([
    [
      { frequency: 'monthly', days: Array.from({ length: 32 }, (_, i) => (i % 31) + 1) },
      'scheduleConfig.days',
      'At most 31 days',
    ],
    [{ frequency: 'daily', time: '09:00:00' }, 'scheduleConfig.time', 'Enter a time as HH:MM'],
  ])('bounds the schedule %j', (scheduleConfig, path, message) => {
    expect(messages(WorkflowFormSchema, { ...form, trigger: 'schedule', scheduleConfig })).toEqual({ [path]: message });
  });

  it.each([
    ['trigger', 'cron'],
    ['actions', 'publish'],
    ['actions', [{ type: 'delete_everything' }]],
    ['enabled', 'yes'],
  ])('rejects %s = %j', (field, value) => {
    expect(Object.keys(messages(WorkflowFormSchema, { ...form, [field]: value }))[0]).toMatch(new RegExp(`^${field}`));
  });

  it.each(['manual', 'schedule', 'event'])('accepts trigger %s', (trigger) => {
    expect(messages(WorkflowFormSchema, { ...form, trigger })).toEqual({});
  });
});

describe('WorkflowExecuteSchema', () => {
  it.each([[0], [-1], [1.5], ['7'], [1e15], [null]])('refuses workflowId %j', (workflowId) => {
    expect(messages(WorkflowExecuteSchema, { workflowId })).toEqual({ workflowId: 'workflowId must be a number' });
  });

  it('accepts the largest id', () => {
    expect(messages(WorkflowExecuteSchema, { workflowId: 999_999_999_999_999 })).toEqual({});
  });
});

describe('SchedulePayloadSchema', () => {
  it.each([
    ['2026-12-01T09:00'],
    ['2026-12-01T09:00:30'],
    ['2026-12-01T09:00:30.123'],
    ['2026-12-01T09:00Z'],
    ['2026-12-01T09:00:00.000Z'],
    ['2026-12-01T09:00+02:00'],
    ['2026-12-01T09:00-05:00'],
  ])('accepts publishDateTime %j', (publishDateTime) => {
    expect(messages(SchedulePayloadSchema, { postId: 1, publishDateTime, timezone: 'America/New_York' })).toEqual({});
  });

  it.each([
    [{ publishDateTime: '2026-12-01T09:00' }, { postId: 'postId must be a number' }],
    [{ postId: '3', publishDateTime: '2026-12-01T09:00' }, { postId: 'postId must be a number' }],
    [{ postId: 0, publishDateTime: '2026-12-01T09:00' }, { postId: 'postId must be a number' }],
    [{ postId: 1.5, publishDateTime: '2026-12-01T09:00' }, { postId: 'postId must be a number' }],
    [{ postId: 1e15, publishDateTime: '2026-12-01T09:00' }, { postId: 'postId must be a number' }],
    [
      { postId: 3, publishDateTime: ' '.repeat(60) + '2026-12-01T09:00' },
      { publishDateTime: 'publishDateTime must be an ISO date and time, e.g. 2026-12-01T09:00' },
    ],
    [
      { postId: 3, publishDateTime: '2026-12-01T09:00', timezone: 'x'.repeat(65) },
      { timezone: 'timezone must be at most 64 characters' },
    ],
    [
      { postId: 3, publishDateTime: '2026-12-01T09:00', timezone: ' ' },
      { timezone: 'timezone must be a time zone name' },
    ],
    [{ postId: 3 }, { publishDateTime: 'Please select a publication date.' }],
    [
      { postId: 3, publishDateTime: '2026-12-01' },
      { publishDateTime: 'publishDateTime must be an ISO date and time, e.g. 2026-12-01T09:00' },
    ],
    [
      { postId: 3, publishDateTime: '01/12/2026 09:00' },
      { publishDateTime: 'publishDateTime must be an ISO date and time, e.g. 2026-12-01T09:00' },
    ],
  ])('%j → %j', (input, expected) => {
    expect(messages(SchedulePayloadSchema, input)).toEqual(expected);
  });

  it('defaults the zone to Europe/Stockholm', () => {
    expect(SchedulePayloadSchema.parse({ postId: 3, publishDateTime: '2026-12-01T09:00' }).timezone).toBe(
      'Europe/Stockholm',
    );
  });
});

describe('ScheduleFormSchema', () => {
  it.each([
    [{ postId: 1, publishTime: '09:00' }, { publishDate: 'Please select a publication date.' }],
    [{ publishDate: new Date('2026-12-01'), publishTime: '09:00' }, { postId: 'Choose a draft post' }],
    [{ postId: 1, publishDate: new Date('2026-12-01'), publishTime: '9am' }, { publishTime: 'Enter a time as HH:MM' }],
    [{ postId: 1, publishDate: new Date('2026-12-01'), publishTime: '09:00' }, {}],
    [{ postId: 1, publishDate: new Date('2026-12-01'), publishTime: '09:00', timezone: 'Europe/London' }, {}],
  ])('%j → %j', (input, expected) => {
    expect(messages(ScheduleFormSchema, input)).toEqual(expected);
  });
});

describe('overallStatus banner', () => {
  const s = (...statuses: string[]) => statuses.map((status) => ({ status }));
  it.each([
    [s('operational', 'operational', 'operational'), 'operational', 'All Systems Operational'],
    [s('operational', 'degraded', 'operational'), 'degraded', 'Some Services Degraded'],
    [s('operational', 'outage', 'operational'), 'outage', 'Service Disruption'],
    [s('degraded', 'outage'), 'outage', 'Service Disruption'],
    [s('operational', 'maintenance'), 'degraded', 'Some Services Degraded'],
    [s(), 'operational', 'All Systems Operational'],
  ] as const)('%j → %s', (services, overall, banner) => {
    expect(overallStatus(services)).toBe(overall);
    expect(OVERALL_BANNER[overallStatus(services)]).toBe(banner);
  });
});
