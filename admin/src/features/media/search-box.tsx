import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';

/** The library is searched once typing pauses this long, not on every keystroke. */
const SEARCH_DELAY_MS = 300;

/** A search field that hands over its text once typing pauses. */
export function SearchBox({
  id,
  initial = '',
  onSearch,
}: {
  id: string;
  initial?: string;
  onSearch: (text: string) => void;
}) {
  const [text, setText] = useState(initial);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // The pause ends after renders the typing did not cause (a filter chosen meanwhile): hand over to the latest
  // `onSearch`, whose closure knows them, not to the one of the keystroke.
  const latest = useRef(onSearch);
  useLayoutEffect(() => {
    latest.current = onSearch;
  });
  return (
    <div className="grid min-w-48 flex-1 gap-1">
      <Label htmlFor={id}>Search images</Label>
      <Input
        id={id}
        type="search"
        placeholder="File name, alt text or caption"
        value={text}
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => latest.current(next), SEARCH_DELAY_MS);
        }}
      />
    </div>
  );
}
