/** Query keys of preview links: one list per post. */
export const previewQueryKeys = {
  all: ['preview-links'] as const,
  post: (postId: number) => ['preview-links', postId] as const,
};
