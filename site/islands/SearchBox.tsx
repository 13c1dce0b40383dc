/**
 * A listing search box whose value follows the address: typing updates `?search=` (replacing the
 * history entry, debounced) and back/forward puts the address's term back into the box.
 */
import { useEffect, useId, useRef, useState } from 'react';

interface Props {
  value: string;
  placeholder: string;
  label: string;
  onSearch: (term: string) => void;
}

const DEBOUNCE_MS = 250;

export default function SearchBox({ value, placeholder, label, onSearch }: Props) {
  const [draft, setDraft] = useState(value);
  const id = useId();
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => {
    setDraft((current) => (current.trim() === value ? current : value));
  }, [value]);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const update = (next: string) => {
    setDraft(next);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => onSearch(next.trim()), DEBOUNCE_MS);
  };

  return (
    <form
      role="search"
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
