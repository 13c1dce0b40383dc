import type { Post } from 'content-schema/post';
import { WorkingCopyFieldsSchema, type WorkingCopy } from 'content-schema/revisions';
import type { CopyFields } from './copy-fields.ts';

/** A saved post for the editor's tests. */
export function testPost(overrides: Partial<Post> = {}): Post {
  return {
    id: 7,
    slug: 'nordic-ai',
    title: 'Nordic AI',
    excerpt: 'An excerpt',
    content: '# Body',
    category: 'Deep Dive',
    tags: ['AI', 'Nordics'],
    authorName: 'Ada',
    authorId: 3,
    readTime: 9,
    published: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    publishedAt: null,
    seoTitle: null,
    metaDescription: null,
    focusKeyword: null,
    aiGenerated: false,
    provenance: 'human',
    editedBy: null,
    featureImage: null,
    version: 3,
    ...overrides,
  };
}

/** The fields of `testPost()` as a working copy holds them. */
export function testFields(overrides: Partial<CopyFields> = {}): CopyFields {
  return {
    title: 'Nordic AI',
    excerpt: 'An excerpt',
    content: '# Body',
    category: 'Deep Dive',
    tags: 'AI, Nordics',
    authorName: 'Ada',
    readTime: 9,
    published: true,
    seoTitle: '',
    metaDescription: '',
    focusKeyword: '',
    slug: 'nordic-ai',
    featureImage: null,
    ...overrides,
  };
}

/** A server working copy of `testPost()`, its fields as the API's answer holds them. */
export function testCopy(overrides: Partial<WorkingCopy> = {}): WorkingCopy {
  return {
    key: 'post:7',
    postId: 7,
    fields: WorkingCopyFieldsSchema.parse(testFields()),
    baseVersion: 3,
    revision: 4,
    savedBy: 'admin',
    updatedAt: '2026-02-01T10:00:00.000Z',
    ...overrides,
  };
}
