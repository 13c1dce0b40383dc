/**
 * JSON Feed 1.1 (https://jsonfeed.org/version/1.1), as the site publishes it at /feed.json and /feed/{path}.json:
 * the spec's required fields (version, title, items; each item's id) and the types of the optional ones it uses.
 * Feed readers are the consumers; the tests check every feed the site writes against this.
 */
import { z } from 'zod';

const url = z.url({ protocol: /^https?$/ });
const date = z.iso.datetime({ offset: true });
const author = z.object({ name: z.string().optional(), url: url.optional(), avatar: url.optional() });

export const JsonFeedItemSchema = z
  .object({
    id: z.string().min(1),
    url: url.optional(),
    external_url: url.optional(),
    title: z.string().optional(),
    content_html: z.string().optional(),
    content_text: z.string().optional(),
    summary: z.string().optional(),
    image: url.optional(),
    banner_image: url.optional(),
    date_published: date.optional(),
    date_modified: date.optional(),
    authors: z.array(author).optional(),
    tags: z.array(z.string()).optional(),
    language: z.string().optional(),
  })
  // An item has content_html or content_text (or both).
  .refine(
    (i) => i.content_html !== undefined || i.content_text !== undefined,
    'An item needs content_html or content_text',
  );

export const JsonFeedSchema = z.object({
  version: z.literal('https://jsonfeed.org/version/1.1'),
  title: z.string().min(1),
  home_page_url: url.optional(),
  feed_url: url.optional(),
  description: z.string().optional(),
  icon: url.optional(),
  favicon: url.optional(),
  authors: z.array(author).optional(),
  language: z.string().optional(),
  items: z.array(JsonFeedItemSchema),
});
export type JsonFeed = z.infer<typeof JsonFeedSchema>;
