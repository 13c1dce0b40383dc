/**
 * How a library image goes into a post: the agreed reference `![alt](/media/{id})`, which the server expands into a
 * responsive <picture> when it renders the post (and /media/{id} answers with the image, for the editor's preview).
 */
import { z } from 'zod';
import { MediaDetailsSchema, type Media } from 'content-schema/media';

export const ALT_REQUIRED =
  'Alt text is required: describe the image for readers who cannot see it (a post using it cannot be published without).';

/** The library's alt-text rule (trimmed, at most 500 characters), and not empty: a post needs it. */
export const AltTextSchema = MediaDetailsSchema.shape.alt.unwrap().min(1, ALT_REQUIRED);

/** The alt-text step: one alt text per chosen image, in their order. */
export const AltTextsSchema = z.object({ alts: z.array(AltTextSchema) });
export type AltTexts = z.infer<typeof AltTextsSchema>;

/** Alt text as markdown reads it back: one line, with backslashes and brackets escaped (they would end the text). */
function escapeAlt(alt: string): string {
  return alt
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\\[\]]/g, (ch) => `\\${ch}`);
}

/** `![alt](/media/{id})` */
export function imageReference(image: { id: number; alt: string }): string {
  return `![${escapeAlt(image.alt)}](/media/${image.id})`;
}

/** The references of several images, a paragraph each, in order. */
export function imageReferences(images: readonly { id: number; alt: string }[]): string {
  return images.map(imageReference).join('\n\n');
}

/**
 * The alt texts to save to the library as well: those of images the library has none for. An image that has one
 * keeps it; what is typed for this post stays in this post.
 */
export function altsToSave(images: readonly Pick<Media, 'id' | 'alt'>[], alts: readonly string[]) {
  return images.flatMap((image, i) => {
    const alt = alts[i]?.trim() ?? '';
    return image.alt.trim() === '' && alt !== '' ? [{ id: image.id, alt }] : [];
  });
}
