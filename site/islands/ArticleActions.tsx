/**
 * The article's Save and Share controls (spec §2, §8, §9), and the reading-progress fallback for
 * browsers without CSS scroll timelines. Save keeps a reading list in this browser. Share offers native sharing
 * when the browser has it, the three networks in a 600x400 window, email and copy link (clipboard, then the
 * legacy execCommand fallback), with the spec's toasts.
 *
 * Before hydration (client:interaction) the Share menu is a native <details> of plain links, which work
 * without JavaScript; a Save or Copy link pressed while the island wakes is pressed again once it has.
 */
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { LINK_COPIED_MS, SHARE_WINDOW } from 'content-schema/site';
import type { PostCard } from '../lib/post-card.ts';
import { scrolledPercent } from '../lib/reading-progress.ts';
import { trackArticle, trackShare } from '../lib/beacon.ts';
import { isSaved, readReadingList, toggleSaved } from '../lib/reading-list.ts';
import { forgetOffline, keepOffline } from '../lib/offline.ts';
import {
  NETWORK_LABELS,
  emailShareUrl,
  networkShareUrl,
  shareText,
  shareWindowFeatures,
  type ShareData,
  type ShareNetwork,
} from '../lib/share.ts';
import { toast } from '../lib/toast.ts';

interface Props {
  post: PostCard;
  /** Absolute canonical URL of the article. */
  url: string;
}

const NETWORKS: ShareNetwork[] = ['twitter', 'linkedin', 'facebook'];

export default function ArticleActions({ post, url }: Props) {
  const [saved, setSaved] = useState(false);
  const [canNativeShare, setCanNativeShare] = useState(false);
  const [copied, setCopied] = useState(false);
  const menuRef = useRef<HTMLDetailsElement>(null);
  const data: ShareData = { url, title: post.title, text: shareText(post.excerpt, post.authorName) };
  const close = () => {
    if (menuRef.current) menuRef.current.open = false;
  };

  useEffect(() => {
    setSaved(isSaved(readReadingList(safeStorage()), post.slug));
    setCanNativeShare(typeof navigator.share === 'function');
  }, [post.slug]);

  useEffect(() => followScrollWithoutCss(), []);

  // The cookieless reader count: a view now, the reading completion when the reader leaves. The island wakes on
  // the reader's first scroll or touch, so a page opened and left untouched is not counted (and loads no script).
  useEffect(() => trackArticle(post.slug), [post.slug]);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), LINK_COPIED_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  // The menu is a native <details>; with JavaScript, Escape and a press outside close it as well.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const menu = menuRef.current;
      if (event.key !== 'Escape' || !menu?.open) return;
      menu.open = false;
      menu.querySelector('summary')?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (menuRef.current?.open && !menuRef.current.contains(event.target as Node)) close();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, []);

  const onSave = () => {
    const result = toggleSaved(safeStorage(), post);
    if (!result.stored) {
      toast({
        title: 'Could not save',
        description: 'This browser is not allowing saved articles.',
        variant: 'destructive',
      });
      return;
    }
    setSaved(result.saved);
    void (result.saved ? keepOffline([post.slug]) : forgetOffline([post.slug]));
    toast(
      result.saved
        ? { title: 'Saved to your reading list', description: 'Find it under Reading list, in this browser only.' }
        : { title: 'Removed from your reading list' },
    );
  };

  const onNativeShare = async () => {
    close();
    try {
      await navigator.share({ title: data.title, text: data.text, url: data.url });
      trackShare(post.slug);
      toast({ title: 'Shared successfully', description: 'Article shared via native sharing' });
    } catch (error) {
      // Cancelling the share sheet is not a failure (spec §8).
      if (error instanceof DOMException && error.name === 'AbortError') return;
      toast({ title: 'Sharing failed', description: 'Could not share article', variant: 'destructive' });
    }
  };

  // Without JavaScript the network links open the share page in a new tab; with it, in the 600x400 window.
  const onNetwork = (event: MouseEvent<HTMLAnchorElement>, network: ShareNetwork) => {
    event.preventDefault();
    close();
    window.open(networkShareUrl(network, data), '_blank', shareWindowFeatures(SHARE_WINDOW));
    trackShare(post.slug);
    toast({ title: 'Opening share dialog', description: `Sharing article on ${NETWORK_LABELS[network]}` });
  };

  const onCopy = async () => {
    close();
    if (await copyText(data.url)) {
      setCopied(true);
      trackShare(post.slug);
      toast({ title: 'Link copied', description: 'Article link copied to clipboard' });
    } else {
      toast({ title: 'Copy failed', description: 'Could not copy link to clipboard', variant: 'destructive' });
    }
  };

  const item =
    'flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm text-slate-800 hover:bg-slate-100';
  return (
    <div className="flex items-center gap-2">
      <button type="button" className="btn btn-outline" aria-pressed={saved} onClick={onSave}>
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          width="16"
          height="16"
          fill={saved ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M19 21l-7-5-7 5V5a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2z" />
        </svg>
        {saved ? 'Saved' : 'Save'}
      </button>
      <details ref={menuRef} className="share-menu relative">
        <summary className="btn btn-outline list-none">
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            width="16"
            height="16"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <circle cx="18" cy="5" r="3" />
            <circle cx="6" cy="12" r="3" />
            <circle cx="18" cy="19" r="3" />
            <path d="m8.6 13.5 6.8 4M15.4 6.5l-6.8 4" />
          </svg>
          {copied ? 'Link copied!' : 'Share'}
        </summary>
        <ul
          aria-label="Share this article"
          className="absolute right-0 z-30 mt-2 w-56 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
        >
          {canNativeShare ? (
            <li>
              <button type="button" className={item} onClick={onNativeShare}>
                Share via device…
              </button>
            </li>
          ) : null}
          {NETWORKS.map((network) => (
            <li key={network}>
              <a
                className={item}
                href={networkShareUrl(network, data)}
                target="_blank"
                rel="noopener noreferrer"
                onClick={(event) => onNetwork(event, network)}
              >
                {NETWORK_LABELS[network]}
              </a>
            </li>
          ))}
          <li>
            <a className={item} href={emailShareUrl(data)} onClick={close}>
              Email
            </a>
          </li>
          <li>
            <button type="button" className={item} onClick={onCopy}>
              Copy link
            </button>
          </li>
        </ul>
      </details>
    </div>
  );
}

/**
 * The reading-progress bar is driven by a CSS scroll timeline; browsers without scroll-driven
 * animations get the same bar from a scroll listener. Returns the cleanup.
 */
function followScrollWithoutCss(): (() => void) | undefined {
  const bar = document.getElementById('reading-progress-bar');
  if (!bar || CSS.supports('animation-timeline: scroll()')) return undefined;
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
  return () => {
    window.removeEventListener('scroll', schedule);
    window.removeEventListener('resize', schedule);
    window.cancelAnimationFrame(frame);
  };
}

/** localStorage, or undefined where the browser blocks it. */
function safeStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
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
