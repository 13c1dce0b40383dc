/**
 * The share images of a site folder: each article's own 1200 × 630 PNG (og-image-tree.ts says what it shows,
 * og-image-draw.ts draws it), reused by name, drawn only when missing, removed with its article. The reasons are
 * in docs/decisions/012-share-images.md.
 *
 * An image is named by a content hash of what it draws, `og/<slug>/<hash>.png`: an unchanged article keeps its
 * file and is never drawn again, and a changed title, category, author or drawing gets a new name, so a CDN or a
 * social network never serves a stale card under a URL it has cached. The hash covers the element tree itself
 * (every text, colour and size) plus the versions of the fonts and libraries that turn it into pixels, so a
 * change to the drawing cannot reuse old files by mistake.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, linkSync, mkdirSync, readdirSync, rmdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { SiteFeatureImage } from 'content-schema/site-feed';
import { DRAWN_WITH, renderOgImage } from './og-image-draw.ts';
import { ogImageTree, type OgImageInput } from './og-image-tree.ts';
import { removeFile, writeAtomic } from './outputs.ts';

/** Where the images live in the site folder: one folder per slug, so a post's images are found without a scan. */
export const OG_DIR = 'og';

/** The content hash of an image: its element tree and what draws it (16 hex digits). */
export function ogImageHash(input: OgImageInput): string {
  return createHash('sha256')
    .update(DRAWN_WITH)
    .update('\0')
    .update(JSON.stringify(ogImageTree(input)))
    .digest('hex')
    .slice(0, 16);
}

/** The image's file in the site folder, e.g. 'og/some-slug/3f2a9c0b1d2e4f56.png' (.jpg with a feature image). */
export function ogImageFile(slug: string, input: OgImageInput): string {
  return `${OG_DIR}/${slug}/${ogImageHash(input)}.${input.image ? 'jpg' : 'png'}`;
}

/** What an article's image draws, from its summary: composed from its feature image when it has one. */
export function ogImageInput(post: {
  title: string;
  category: string;
  authorName: string;
  featureImage?: SiteFeatureImage | null;
}): OgImageInput {
  const input = { title: post.title, category: post.category, author: post.authorName };
  const image = post.featureImage;
  return image ? { ...input, image: { file: image.fallback.file, focusX: image.focusX, focusY: image.focusY } } : input;
}

/** An article's image, ready to be put into the folder after its page has rendered. */
export interface PreparedImage {
  /** Root-relative URL, e.g. '/og/some-slug/3f2a9c0b1d2e4f56.png'. */
  path: string;
  /** Puts the file in place; false when it was already there. */
  commit(): boolean;
}

export interface OgImagesOptions {
  /** Draws an image (tests count calls). */
  render?: (input: OgImageInput) => Promise<Uint8Array>;
  /** Where a failure to draw is reported. */
  log?: (message: string) => void;
}

/** The images of a site folder, as `ogImages` opens them. */
export type OgImages = ReturnType<typeof ogImages>;

/** The images of a site folder: reused by hash, drawn only when missing, removed with their article. */
export function ogImages({ render = renderOgImage, log = console.error }: OgImagesOptions = {}) {
  /** Files that could not be drawn: drawing is deterministic, so they are not tried (or reported) again. */
  const failed = new Set<string>();
  return {
    /**
     * The image of an article for `dir`: its file when already there, a hard link to the same file in `reuseDir`
     * (the live folder, during a full render into a new one), else drawn now (unless `draw` is false). Null when
     * there is none (not drawn, or it cannot be: reported once): the page then shows the site's default image,
     * and an image never stops its article.
     */
    async prepare(
      dir: string,
      slug: string,
      input: OgImageInput,
      { reuseDir = null, draw = true }: { reuseDir?: string | null; draw?: boolean } = {},
    ): Promise<PreparedImage | null> {
      const file = ogImageFile(slug, input);
      const path = `/${file}`;
      const target = join(dir, file);
      if (existsSync(target)) return { path, commit: () => false };
      const source = reuseDir ? join(reuseDir, file) : null;
      if (source && existsSync(source)) {
        return {
          path,
          commit: () => {
            mkdirSync(dirname(target), { recursive: true });
            try {
              linkSync(source, target);
            } catch {
              // Another file system (or a file that arrived meanwhile): a copy serves as well.
              copyFileSync(source, target);
            }
            return true;
          },
        };
      }
      if (!draw || failed.has(file)) return null;
      try {
        const png = await render(input);
        return {
          path,
          commit: () => {
            writeAtomic(dir, file, png);
            return true;
          },
        };
      } catch (err) {
        failed.add(file);
        log(
          `[og-image] the image of /post/${slug} could not be drawn (the default image stands in): ${err instanceof Error ? err.message : String(err)}`,
        );
        return null;
      }
    },

    /** Removes the images of `slug` other than `keep` (a file name as `ogImageFile` gives, or null for all); the count removed. */
    prune(dir: string, slug: string, keep: string | null): number {
      const folder = join(dir, OG_DIR, slug);
      let names: string[];
      try {
        names = readdirSync(folder);
      } catch {
        return 0;
      }
      let removed = 0;
      for (const name of names) {
        const file = `${OG_DIR}/${slug}/${name}`;
        if (file !== keep && removeFile(dir, file)) removed++;
      }
      if (removed === names.length) {
        try {
          rmdirSync(folder);
        } catch {
          // Another file arrived meanwhile: the folder stays.
        }
      }
      return removed;
    },
  };
}
