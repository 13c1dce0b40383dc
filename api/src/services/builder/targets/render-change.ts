import type { RenderChange } from 'content-schema/render';
import type { PostChange } from '../../changes.ts';

/** A change record as a target is told of it (the renderer, or the build hook's payload). */
export function toRenderChange(c: PostChange): RenderChange {
  return {
    id: c.id,
    kind: c.kind,
    postId: c.postId,
    title: c.title,
    oldSlug: c.oldSlug,
    newSlug: c.newSlug,
    oldCategory: c.oldCategory,
    newCategory: c.newCategory,
  };
}
