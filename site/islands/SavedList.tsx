/** The reader's reading list (articles saved with 'Save'), read from this browser's storage. */
import { useEffect, useState } from 'react';
import { readReadingList, removeSaved, type SavedPost } from '../lib/reading-list.ts';
import PostCard from './ui/PostCard.tsx';
import { forgetOffline } from '../lib/offline.ts';
import { browserStorage } from '../lib/storage.ts';

export default function SavedList() {
  const [list, setList] = useState<SavedPost[] | null>(null);

  useEffect(() => {
    const sync = () => setList(readReadingList(browserStorage()));
    sync();
    window.addEventListener('storage', sync);
    return () => window.removeEventListener('storage', sync);
  }, []);

  if (list === null) return <p className="mt-8 text-slate-700">Loading your reading list…</p>;
  if (list.length === 0)
    return (
      <div className="card mt-8 px-6 py-12 text-center">
        <p className="text-lg font-semibold text-slate-900">No saved articles yet</p>
        <p className="mt-2 text-slate-700">Use the Save button on any article to keep it here.</p>
        <a href="/" className="btn btn-primary mt-4">
          Browse articles
        </a>
      </div>
    );
  return (
    <>
      <p className="mt-2 text-slate-700" aria-live="polite">
        {list.length} saved {list.length === 1 ? 'article' : 'articles'}
      </p>
      <ul className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {list.map((post) => (
          <li key={post.slug} className="flex flex-col gap-2">
            <PostCard post={post} headingLevel={2} />
            <button
              type="button"
              className="btn btn-ghost self-start"
              onClick={() => {
                setList(removeSaved(browserStorage(), post.slug));
                void forgetOffline([post.slug]);
              }}
            >
              Remove<span className="sr-only"> {post.title}</span>
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
