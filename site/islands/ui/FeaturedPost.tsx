/** The 'Latest Publication' block (spec §2 Home): the first post of the current list, featured. */
import { categoryStyle } from 'content-schema/categories';
import { formatLongDate } from 'content-schema/relative-time';
import type { PostCard } from '../../lib/post-list.ts';
import CategoryBadge from './CategoryBadge.tsx';

export default function FeaturedPost({ post }: { post: PostCard }) {
  const style = categoryStyle(post.category);
  return (
    <section aria-labelledby="latest-publication" className="container-page mt-12">
      <h2 id="latest-publication" className="text-sm font-semibold uppercase tracking-widest text-brand-700">
        Latest Publication
      </h2>
      <article
        className="card mt-4 overflow-hidden lg:grid lg:grid-cols-5"
        style={{ borderTop: `4px solid ${style.accent}` }}
      >
        <div className="p-6 sm:p-8 lg:col-span-3">
          <div className="flex flex-wrap items-center gap-3 text-sm text-slate-600">
            <CategoryBadge category={post.category} />
            <span>{post.readTime} min read</span>
          </div>
          <h3 className="mt-4 font-serif text-2xl font-bold leading-tight text-slate-900 sm:text-3xl">
            <a href={`/post/${post.slug}`} className="hover:text-brand-700">
              {post.title}
            </a>
          </h3>
          <p className="mt-4 text-base leading-7 text-slate-700 sm:text-lg">{post.excerpt}</p>
          <div className="mt-6 flex flex-wrap items-center justify-between gap-4">
            <div className="flex items-center gap-3 text-sm">
              <span
                aria-hidden="true"
                className="grid size-10 place-items-center rounded-full bg-brand-700 font-bold text-white"
              >
                {post.authorName.charAt(0).toUpperCase()}
              </span>
              <div>
                <p className="font-semibold text-slate-900">{post.authorName}</p>
                <p className="text-slate-600">
                  <time dateTime={post.createdAt}>{formatLongDate(post.createdAt)}</time>
                </p>
              </div>
            </div>
            <a href={`/post/${post.slug}`} className="btn btn-primary">
              Read Full Analysis
              <span className="sr-only">: {post.title}</span>
            </a>
          </div>
        </div>
        <div
          aria-hidden="true"
          className="hidden lg:col-span-2 lg:block"
          style={{
            background: `radial-gradient(circle at 30% 30%, ${style.accent}33 0 20%, transparent 21%), radial-gradient(circle at 70% 65%, ${style.accent}26 0 28%, transparent 29%), linear-gradient(135deg, ${style.background}, #ffffff)`,
          }}
        />
      </article>
    </section>
  );
}
