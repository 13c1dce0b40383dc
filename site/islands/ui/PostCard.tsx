/**
 * A post card: category, read time, title linking to the article, excerpt, up to three tags,
 * author initial and name, and the long US creation date. Server-rendered on static pages and
 * rendered by the listing islands alike, so both produce the same markup.
 */
import { formatLongDate } from 'content-schema/relative-time';
import type { PostCard as Card } from '../../lib/post-list.ts';
import CategoryBadge from './CategoryBadge.tsx';

interface Props {
  post: Card;
  headingLevel?: 2 | 3;
}

export default function PostCard({ post, headingLevel = 3 }: Props) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="card group relative flex h-full flex-col p-5 transition-shadow hover:shadow-md">
      <div className="flex items-center justify-between gap-2 text-xs text-slate-600">
        <CategoryBadge category={post.category} />
        <span>{post.readTime} min read</span>
      </div>
      <Heading className="mt-3 text-lg font-bold leading-snug text-slate-900">
        <a
          href={`/post/${post.slug}`}
          className="after:absolute after:inset-0 after:rounded-xl group-hover:text-brand-700"
        >
          {post.title}
        </a>
      </Heading>
      <p className="mt-2 line-clamp-3 text-sm leading-6 text-slate-700">{post.excerpt}</p>
      {post.tags.length > 0 ? (
        <ul className="mt-3 flex flex-wrap gap-1.5" aria-label="Tags">
          {post.tags.map((tag) => (
            <li key={tag} className="rounded bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
              {tag}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-auto flex flex-wrap items-center gap-x-2 gap-y-1 pt-4 text-sm text-slate-600">
        <span
          aria-hidden="true"
          className="grid size-7 place-items-center rounded-full bg-brand-100 text-xs font-bold text-brand-800"
        >
          {post.authorName.charAt(0).toUpperCase()}
        </span>
        <span className="font-medium text-slate-800">{post.authorName}</span>
        <span aria-hidden="true">·</span>
        <time dateTime={post.createdAt}>{formatLongDate(post.createdAt)}</time>
      </div>
    </article>
  );
}

/** Placeholder shown while a listing loads (six of them, spec §9). */
export function PostCardSkeleton() {
  return (
    <div className="card flex h-full flex-col gap-3 p-5" aria-hidden="true">
      <div className="flex justify-between">
        <div className="skeleton h-5 w-24 rounded-full" />
        <div className="skeleton h-4 w-16" />
      </div>
      <div className="skeleton h-6 w-11/12" />
      <div className="skeleton h-4 w-full" />
      <div className="skeleton h-4 w-5/6" />
      <div className="mt-4 flex items-center gap-2">
        <div className="skeleton size-7 rounded-full" />
        <div className="skeleton h-4 w-40" />
      </div>
    </div>
  );
}
