/**
 * The article's Save and Share controls, and the reading-progress fallback for browsers without
 * CSS scroll timelines. Save keeps a reading list in this browser. Share offers native sharing when the browser has
 * it, the three networks in a 600x400 window, email and copy link (clipboard, then the legacy execCommand
 * fallback), each with its toast.
 *
 * The markup is the server's (components/ArticleActions.astro): before the island wakes (client:interaction), the
 * Share menu is a native <details> of plain links, which work without JavaScript; a Save or Copy link pressed while
 * the island wakes is pressed again once it has. Waking costs the reader this module, not a rendering library.
 */
import { LINK_COPIED_MS, SHARE_WINDOW } from 'content-schema/site';
import { enhancement } from '../enhance/define.ts';
import type { PostCard } from '../lib/shared/post-card.ts';
import { scrolledPercent } from '../lib/browser/reading-progress.ts';
import { trackArticle, trackShare } from '../lib/browser/beacon.ts';
import { isSaved, readReadingList, toggleSaved } from '../lib/browser/reading-list.ts';
import { forgetOffline, keepOffline } from '../lib/browser/offline.ts';
import { browserStorage } from '../lib/browser/storage.ts';
import {
  NETWORK_LABELS,
  networkShareUrl,
  shareText,
  shareWindowFeatures,
  type ShareData,
  type ShareNetwork,
} from '../lib/shared/share.ts';
import { toast } from '../lib/browser/toast.ts';

export interface ArticleActionsProps {
  post: PostCard;
  /** Absolute canonical URL of the article. */
  url: string;
}

/** Finds one of the island's parts (`data-part`) in the server's markup. */
type Part = <T extends Element>(name: string) => T;

/** Save: toggles the article in the reading list (and offline copy), showing the saved state on the button. */
function setUpSave(part: Part, post: PostCard): void {
  const save = part<HTMLButtonElement>('save');
  const showSaved = (saved: boolean) => {
    save.setAttribute('aria-pressed', String(saved));
    save.querySelector('svg')?.setAttribute('fill', saved ? 'currentColor' : 'none');
    part<HTMLElement>('save-label').textContent = saved ? 'Saved' : 'Save';
  };
  showSaved(isSaved(readReadingList(browserStorage()), post.slug));
  save.addEventListener('click', () => {
    const result = toggleSaved(browserStorage(), post);
    if (!result.stored) {
      toast({
        title: 'Could not save',
        description: 'This browser is not allowing saved articles.',
        variant: 'destructive',
      });
      return;
    }
    showSaved(result.saved);
    void (result.saved ? keepOffline([post.slug]) : forgetOffline([post.slug]));
    toast(
      result.saved
        ? { title: 'Saved to your reading list', description: 'Find it under Reading list, in this browser only.' }
        : { title: 'Removed from your reading list' },
    );
  });
}

/** The Share menu's entries: native sharing, the three networks, email and copy link. */
function setUpShareTargets(root: HTMLElement, part: Part, slug: string, data: ShareData, close: () => void): void {
  part('native')
    .querySelector('button')!
    .addEventListener('click', async () => {
      close();
      try {
        await navigator.share({ title: data.title, text: data.text, url: data.url });
        trackShare(slug);
        toast({ title: 'Shared successfully', description: 'Article shared via native sharing' });
      } catch (error) {
        // Cancelling the share sheet is not a failure.
        if (error instanceof DOMException && error.name === 'AbortError') return;
        toast({ title: 'Sharing failed', description: 'Could not share article', variant: 'destructive' });
      }
    });

  // Without JavaScript the network links open the share page in a new tab; with it, in the 600x400 window.
  for (const link of root.querySelectorAll<HTMLAnchorElement>('a[data-network]')) {
    const network = link.dataset.network as ShareNetwork;
    link.addEventListener('click', (event) => {
      event.preventDefault();
      close();
      window.open(networkShareUrl(network, data), '_blank', shareWindowFeatures(SHARE_WINDOW));
      trackShare(slug);
      toast({ title: 'Opening share dialog', description: `Sharing article on ${NETWORK_LABELS[network]}` });
    });
  }
  part('email').addEventListener('click', close);
  setUpCopyLink(part, slug, data.url, close);
}

/** Copy link: copies the URL, and the menu's label says so for a moment. */
function setUpCopyLink(part: Part, slug: string, url: string, close: () => void): void {
  const shareLabel = part<HTMLElement>('share-label');
  let copiedTimer = 0;
  part('copy').addEventListener('click', async () => {
    close();
    if (await copyText(url)) {
      shareLabel.textContent = 'Link copied!';
      window.clearTimeout(copiedTimer);
      copiedTimer = window.setTimeout(() => (shareLabel.textContent = 'Share'), LINK_COPIED_MS);
      trackShare(slug);
      toast({ title: 'Link copied', description: 'Article link copied to clipboard' });
    } else {
      toast({ title: 'Copy failed', description: 'Could not copy link to clipboard', variant: 'destructive' });
    }
  });
}

/** The menu is a native <details>; with JavaScript, Escape and a press outside close it as well. */
function closeMenuFromOutside(menu: HTMLDetailsElement, close: () => void): void {
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !menu.open) return;
    menu.open = false;
    menu.querySelector('summary')?.focus();
  });
  document.addEventListener('pointerdown', (event) => {
    if (menu.open && !menu.contains(event.target as Node)) close();
  });
}

export default enhancement<ArticleActionsProps>((root, { post, url }) => {
  const part: Part = (name) => root.querySelector(`[data-part="${name}"]`)!;
  const menu = part<HTMLDetailsElement>('share');
  const close = () => {
    menu.open = false;
  };
  setUpSave(part, post);
  if (typeof navigator.share === 'function') part<HTMLElement>('native').hidden = false;
  followScrollWithoutCss();
  // The cookieless reader count: a view now, the reading completion when the reader leaves. The island wakes on
  // the reader's first scroll or touch, so a page opened and left untouched is not counted (and loads no script).
  trackArticle(post.slug);
  const data: ShareData = { url, title: post.title, text: shareText(post.excerpt, post.authorName) };
  setUpShareTargets(root, part, post.slug, data, close);
  closeMenuFromOutside(menu, close);
});

/**
 * The reading-progress bar is driven by a CSS scroll timeline; browsers without scroll-driven
 * animations get the same bar from a scroll listener.
 */
function followScrollWithoutCss(): void {
  const bar = document.getElementById('reading-progress-bar');
  if (!bar || CSS.supports('animation-timeline: scroll()')) return;
  let frame = 0;
  const update = () => {
    frame = 0;
    const percent = scrolledPercent(window.scrollY, document.documentElement.scrollHeight, window.innerHeight);
    bar.style.transform = `scaleX(${percent / 100})`;
  };
  const schedule = () => {
    frame ||= window.requestAnimationFrame(update);
  };
  update();
  window.addEventListener('scroll', schedule, { passive: true });
  window.addEventListener('resize', schedule);
}

/** Copy text with the async Clipboard API, falling back to the legacy selection + execCommand('copy'). */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    let ok = false;
    try {
      ok = document.execCommand('copy');
    } catch {
      ok = false;
    }
    area.remove();
    return ok;
  }
}
