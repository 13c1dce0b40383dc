import { useCallback, useEffect, useId, useRef, useState } from 'react';
import CookiePreferences, { useAnnouncer } from './CookiePreferences.tsx';
import { CONSENT_STORAGE_KEY, clearSiteData, listSiteData, type SiteStorageEntry } from '../lib/browser/consent.ts';
import {
  READING_LIST_KEY,
  clearReadingList,
  readReadingList,
  removeSaved,
  type SavedPost,
} from '../lib/browser/reading-list.ts';
import { forgetAllOffline, forgetOffline } from '../lib/browser/offline.ts';
import { browserStorage } from '../lib/browser/storage.ts';
import { SITE_NAME } from 'content-schema/site';

const KNOWN_KEYS: Record<string, string> = {
  [CONSENT_STORAGE_KEY]: 'Your cookie choices',
  [READING_LIST_KEY]: 'Your reading list',
};

interface StorageRow extends SiteStorageEntry {
  area: 'Local storage' | 'Session storage';
}

function readRows(): StorageRow[] {
  const local = browserStorage();
  const session = browserStorage('sessionStorage');
  return [
    ...(local ? listSiteData(local).map((entry) => ({ ...entry, area: 'Local storage' as const })) : []),
    ...(session ? listSiteData(session).map((entry) => ({ ...entry, area: 'Session storage' as const })) : []),
  ];
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

const secondaryButton = 'btn btn-outline';
const dangerButton = 'btn bg-red-800 text-white hover:bg-red-900';

/** What the site keeps in this browser: the reading list and every stored item, re-read when it may change. */
function useSiteData() {
  const [loaded, setLoaded] = useState(false);
  const [saved, setSaved] = useState<SavedPost[]>([]);
  const [rows, setRows] = useState<StorageRow[]>([]);
  const refresh = useCallback(() => {
    setSaved(readReadingList(browserStorage()));
    setRows(readRows());
  }, []);
  useEffect(() => {
    refresh();
    setLoaded(true);
    // Saving in another tab, or changing cookie choices above, changes what is stored.
    const onStorage = () => refresh();
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [refresh]);
  return { loaded, saved, rows, refresh };
}

function ReadingListSection(props: {
  id: string;
  loaded: boolean;
  saved: SavedPost[];
  onRemove: (article: SavedPost) => void;
  onClear: () => void;
}) {
  const { id, loaded, saved, onRemove, onClear } = props;
  return (
    <section aria-labelledby={`${id}-reading`}>
      <h2 id={`${id}-reading`}>Your reading list</h2>
      {!loaded ? (
        <p>Reading your saved articles from this browser…</p>
      ) : saved.length === 0 ? (
        <p>Your reading list is empty. Choose Save on any article to keep it here for later.</p>
      ) : (
        <>
          <p>
            {plural(saved.length, 'article is', 'articles are')} saved in this browser. The list never leaves your
            device.
          </p>
          <ul className="my-4 list-none space-y-3 p-0">
            {saved.map((article) => (
              <li
                key={article.slug}
                className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-slate-300 p-3"
              >
                <a href={`/post/${encodeURIComponent(article.slug)}`}>{article.title}</a>
                <button
                  type="button"
                  className={secondaryButton}
                  aria-label={`Remove “${article.title}” from your reading list`}
                  onClick={() => onRemove(article)}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
          <button type="button" className={secondaryButton} onClick={onClear}>
            Clear reading list
          </button>
        </>
      )}
    </section>
  );
}

function StoredDataTable({ id, rows }: { id: string; rows: StorageRow[] }) {
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-labelledby={`${id}-table-caption`}>
      <table className="table w-full">
        <caption id={`${id}-table-caption`}>
          Items stored by {SITE_NAME} on this device ({plural(rows.length, 'item', 'items')})
        </caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">What it holds</th>
            <th scope="col">Kept in</th>
            <th scope="col">Size</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.area}-${row.key}`}>
              <th scope="row" className="font-mono font-normal">
                {row.key}
              </th>
              <td>{KNOWN_KEYS[row.key] ?? `A ${SITE_NAME} setting`}</td>
              <td>{row.area}</td>
              <td>{plural(row.size, 'character', 'characters')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function StoredDataSection({ id, loaded, rows }: { id: string; loaded: boolean; rows: StorageRow[] }) {
  return (
    <section aria-labelledby={`${id}-stored`}>
      <h2 id={`${id}-stored`}>Everything {SITE_NAME} keeps in this browser</h2>
      {!loaded ? (
        <p>Checking this browser’s storage…</p>
      ) : rows.length === 0 ? (
        <p>Nothing. {SITE_NAME} currently keeps no data in this browser.</p>
      ) : (
        <StoredDataTable id={id} rows={rows} />
      )}
    </section>
  );
}

/** The two-step "clear all site data" action: a button, then a confirmation that Escape or Cancel closes. */
function ClearAllSection({ id, onClearAll }: { id: string; onClearAll: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const clearButton = useRef<HTMLButtonElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  // Move focus into the confirmation when it opens and back to the button when it closes.
  const wasConfirming = useRef(false);
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
    else if (wasConfirming.current) clearButton.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);
  const onCancel = () => setConfirming(false);
  const onConfirm = () => {
    onClearAll();
    setConfirming(false);
  };

  return (
    <section aria-labelledby={`${id}-clear`}>
      <h2 id={`${id}-clear`}>Clear all site data on this device</h2>
      <p>
        This removes your cookie choices, your reading list and anything else {SITE_NAME} has stored in this browser. It
        cannot be undone, and it does not affect other devices or other websites.
      </p>
      {confirming ? (
        <div
          role="group"
          aria-labelledby={`${id}-confirm-text`}
          className="rounded-md border border-red-800 bg-red-50 p-4"
          onKeyDown={(event) => {
            if (event.key === 'Escape') onCancel();
          }}
        >
          <p id={`${id}-confirm-text`} className="mt-0 font-semibold">
            Remove everything {SITE_NAME} keeps in this browser?
          </p>
          <div className="flex flex-wrap gap-3">
            <button ref={confirmButton} type="button" className={dangerButton} onClick={onConfirm}>
              Yes, clear all site data
            </button>
            <button type="button" className={secondaryButton} onClick={onCancel}>
              Cancel
            </button>
          </div>
        </div>
      ) : (
        <button ref={clearButton} type="button" className={dangerButton} onClick={() => setConfirming(true)}>
          Clear all site data on this device
        </button>
      )}
    </section>
  );
}

/**
 * The privacy settings page: the cookie choices, the reading list, a table of everything the site keeps in
 * this browser, and a two-step "clear all site data on this device" action.
 */
export default function PrivacySettings() {
  const id = useId();
  const { loaded, saved, rows, refresh } = useSiteData();
  const [generation, setGeneration] = useState(0);
  const [message, announce] = useAnnouncer();

  function onRemove(article: SavedPost) {
    const storage = browserStorage();
    removeSaved(storage, article.slug);
    void forgetOffline([article.slug]);
    refresh();
    const ok = !readReadingList(storage).some((p) => p.slug === article.slug);
    announce(
      ok
        ? `Removed “${article.title}” from your reading list.`
        : 'Your browser did not allow the reading list to be changed.',
    );
  }

  function onClearReadingList() {
    const ok = clearReadingList(browserStorage());
    void forgetAllOffline();
    refresh();
    announce(ok ? 'Your reading list is now empty.' : 'Your browser did not allow the reading list to be cleared.');
  }

  function onClearAll() {
    const local = browserStorage();
    const session = browserStorage('sessionStorage');
    const before = readRows().length;
    const removed = (local ? clearSiteData(local) : 0) + (session ? clearSiteData(session) : 0);
    void forgetAllOffline();
    refresh();
    // Remount the cookie controls so they show the cleared state.
    setGeneration((value) => value + 1);
    announce(
      removed === before
        ? `Cleared ${plural(removed, 'item', 'items')}. ${SITE_NAME} now keeps nothing in this browser.`
        : `Cleared ${removed} of ${before} items; your browser refused to remove the rest.`,
    );
  }

  return (
    <div className="space-y-10">
      <section aria-labelledby={`${id}-consent`}>
        <h2 id={`${id}-consent`}>Cookie choices</h2>
        <p>
          Accept or reject the optional categories, or choose them one by one. The same controls appear on the{' '}
          <a href="/cookies">cookie policy</a>.
        </p>
        <CookiePreferences key={generation} onSaved={refresh} />
      </section>
      <ReadingListSection id={id} loaded={loaded} saved={saved} onRemove={onRemove} onClear={onClearReadingList} />
      <StoredDataSection id={id} loaded={loaded} rows={rows} />
      <ClearAllSection id={id} onClearAll={onClearAll} />
      <p role="status" className="min-h-6 text-sm font-medium text-slate-800">
        {message}
      </p>
    </div>
  );
}
