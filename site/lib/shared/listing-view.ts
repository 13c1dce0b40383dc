/**
 * The markup of a listing's parts (Home and the category pages): post cards, the featured 'Latest
 * Publication', category badges and loading skeletons. One copy, drawn by the server into the built pages and
 * by the listing enhancement (site/islands/listing.ts) in the browser, so both produce the same HTML.
 */
import { categoryStyle } from 'content-schema/categories';
import { formatLongDate } from 'content-schema/relative-time';
import { html, type Html } from './html.ts';
import type { PostCard } from './post-card.ts';
import { pictureHtml } from './picture.ts';

/** A card's picture is as wide as its column: one, two or three to a row. */
const CARD_SIZES = '(min-width: 64rem) 24rem, (min-width: 48rem) 45vw, calc(100vw - 2rem)';

/** A category pill in the category's own colours; unknown categories get the neutral slate style. */
export function categoryBadgeHtml(category: string): Html {
  const style = categoryStyle(category);
  return html`<span class="badge" style="background-color:${style.background};color:${style.foreground}">${category}</span>`;
}

function initial(name: string): string {
  return name.charAt(0).toUpperCase();
}

/**
 * A post card: category, read time, title linking to the article, excerpt, up to three tags, author initial and
 * name, and the long US creation date.
 */
export function postCardHtml(post: PostCard, headingLevel: 2 | 3 = 3): Html {
  const heading = html`<a href="/post/${post.slug}" class="after:absolute after:inset-0 after:rounded-xl group-hover:text-brand-700">${post.title}</a>`;
  const headingClass = 'mt-3 text-lg font-bold leading-snug text-slate-900';
  const picture =
    post.image &&
    html`<div class="-mx-5 -mt-5 mb-4 overflow-hidden rounded-t-xl">${pictureHtml(post.image, { sizes: CARD_SIZES, className: 'aspect-video w-full object-cover' })}</div>`;
  return html`<article class="card group relative flex h-full flex-col p-5 transition-shadow hover:shadow-md">
${picture}<div class="flex items-center justify-between gap-2 text-xs text-slate-600">${categoryBadgeHtml(post.category)}<span>${post.readTime} min read</span></div>
${headingLevel === 2 ? html`<h2 class="${headingClass}">${heading}</h2>` : html`<h3 class="${headingClass}">${heading}</h3>`}
<p class="mt-2 line-clamp-3 text-sm leading-6 text-slate-700">${post.excerpt}</p>
${
  post.tags.length > 0 &&
  html`<ul class="mt-3 flex flex-wrap gap-1.5" aria-label="Tags">${post.tags.map(
    (tag) => html`<li class="rounded bg-slate-100 px-2 py-0.5 text-xs text-slate-700">${tag}</li>`,
  )}</ul>`
}
<div class="mt-auto flex flex-wrap items-center gap-x-2 gap-y-1 pt-4 text-sm text-slate-600"><span aria-hidden="true" class="grid size-7 place-items-center rounded-full bg-brand-100 text-xs font-bold text-brand-800">${initial(post.authorName)}</span><span class="font-medium text-slate-800">${post.authorName}</span><span aria-hidden="true">·</span><time datetime="${post.createdAt}">${formatLongDate(post.createdAt)}</time></div>
</article>`;
}

/** Cards as the items of a listing grid. */
export function cardItemsHtml(posts: readonly PostCard[], headingLevel: 2 | 3 = 3): Html {
  return html`${posts.map((post) => html`<li>${postCardHtml(post, headingLevel)}</li>`)}`;
}

/** The placeholder a grid shows while a listing loads (six of them). */
export function skeletonCardHtml(): Html {
  return html`<div class="card flex h-full flex-col gap-3 p-5" aria-hidden="true"><div class="flex justify-between"><div class="skeleton h-5 w-24 rounded-full"></div><div class="skeleton h-4 w-16"></div></div><div class="skeleton h-6 w-11/12"></div><div class="skeleton h-4 w-full"></div><div class="skeleton h-4 w-5/6"></div><div class="mt-4 flex items-center gap-2"><div class="skeleton size-7 rounded-full"></div><div class="skeleton h-4 w-40"></div></div></div>`;
}

/** The 'Latest Publication' block on Home: the first post of the current list, featured. */
export function featuredPostHtml(post: PostCard): Html {
  const style = categoryStyle(post.category);
  const art =
    `background: radial-gradient(circle at 30% 30%, ${style.accent}33 0 20%, transparent 21%), ` +
    `radial-gradient(circle at 70% 65%, ${style.accent}26 0 28%, transparent 29%), ` +
    `linear-gradient(135deg, ${style.background}, #ffffff)`;
  return html`<section aria-labelledby="latest-publication" class="container-page mt-12">
<h2 id="latest-publication" class="text-sm font-semibold uppercase tracking-widest text-brand-700">Latest Publication</h2>
<article class="card mt-4 overflow-hidden lg:grid lg:grid-cols-5" style="border-top:4px solid ${style.accent}">
<div class="p-6 sm:p-8 lg:col-span-3">
<div class="flex flex-wrap items-center gap-3 text-sm text-slate-600">${categoryBadgeHtml(post.category)}<span>${post.readTime} min read</span></div>
<h3 class="mt-4 font-serif text-2xl font-bold leading-tight text-slate-900 sm:text-3xl"><a href="/post/${post.slug}" class="hover:text-brand-700">${post.title}</a></h3>
<p class="mt-4 text-base leading-7 text-slate-700 sm:text-lg">${post.excerpt}</p>
<div class="mt-6 flex flex-wrap items-center justify-between gap-4">
<div class="flex items-center gap-3 text-sm"><span aria-hidden="true" class="grid size-10 place-items-center rounded-full bg-brand-700 font-bold text-white">${initial(post.authorName)}</span><div><p class="font-semibold text-slate-900">${post.authorName}</p><p class="text-slate-600"><time datetime="${post.createdAt}">${formatLongDate(post.createdAt)}</time></p></div></div>
<a href="/post/${post.slug}" class="btn btn-primary">Read Full Analysis<span class="sr-only">: ${post.title}</span></a>
</div>
</div>
${
  post.image
    ? html`<div class="hidden lg:col-span-2 lg:block">${pictureHtml(post.image, { sizes: '(min-width: 80rem) 30rem, 40vw', className: 'h-full w-full object-cover' })}</div>`
    : html`<div aria-hidden="true" class="hidden lg:col-span-2 lg:block" style="${art}"></div>`
}
</article>
</section>`;
}

/** A home filter button's classes, pressed or not. */
export function filterButtonClass(active: boolean): string {
  return `rounded-full border px-4 py-1.5 text-sm font-medium transition-colors ${
    active
      ? 'border-brand-700 bg-brand-700 text-white'
      : 'border-slate-300 bg-white text-slate-800 hover:border-slate-400 hover:bg-slate-100'
  }`;
}

/** What the grid's polite status line says, so screen readers hear the outcome of a filter or search. */
export function listingAnnouncement(loading: boolean, total: number, hasMore: boolean): string {
  if (loading) return '';
  if (total === 0) return 'No matching posts.';
  return `${total}${hasMore ? '+' : ''} ${total === 1 ? 'post' : 'posts'} shown.`;
}
