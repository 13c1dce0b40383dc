/**
 * A listing search box whose value follows the address: typing updates `?search=` (replacing the
 * history entry, debounced) and back/forward puts the address's term back into the box.
 *
 * Before the island hydrates it is a plain GET form to `action?search=…`, and whatever the reader typed
 * while the island was waking is read from the field when it does, and searched for.
 */
import { useEffect, useId, useRef, useState } from 'react';

interface Props {
  /** Where the form goes without JavaScript: the listing's own path. */
  action: string;
  value: string;
  placeholder: string;
  label: string;
  onSearch: (term: string) => void;
}

const DEBOUNCE_MS = 250;

export default function SearchBox({ action, value, placeholder, label, onSearch }: Props) {
  const [draft, setDraft] = useState(value);
  const id = useId();
  const timer = useRef<number | undefined>(undefined);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    setDraft((current) => (current.trim() === value ? current : value));
  }, [value]);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  // Text typed before hydration is in the field but not in React's state: take it over and search for it.
  useEffect(() => {
    const typed = input.current?.value ?? '';
    if (typed !== value) update(typed);
    // Once, on hydration: later values arrive through onChange.
  }, []);

  const update = (next: string) => {
    setDraft(next);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => onSearch(next.trim()), DEBOUNCE_MS);
  };

  return (
    <form
      role="search"
      action={action}
      method="get"
      className="relative w-full sm:max-w-sm"
      onSubmit={(event) => {
        event.preventDefault();
        window.clearTimeout(timer.current);
        onSearch(draft.trim());
      }}
    >
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        width="16"
        height="16"
        className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-slate-500"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <circle cx="11" cy="11" r="7" />
        <path d="m20 20-3.5-3.5" />
      </svg>
      <input
        ref={input}
        id={id}
        type="search"
        name="search"
        className="input pl-9"
        placeholder={placeholder}
        value={draft}
        autoComplete="off"
        onChange={(event) => update(event.target.value)}
      />
    </form>
  );
}
