import { MEDIA_FILTERS } from 'content-schema/media';
import { Label } from '../../components/ui/label.tsx';
import type { MediaQuery } from './api/keys.ts';
import { filterOf } from './media-query.ts';
import { SearchBox } from './search-box.tsx';

const FILTER_LABELS: Record<(typeof MEDIA_FILTERS)[number], string> = {
  'missing-alt': 'Missing alt text',
  unused: 'Unused',
};

/** The Media screen's search (as typing pauses) and filter (at once). */
export function MediaFilters({
  query,
  onChange,
}: {
  query: MediaQuery;
  onChange: (change: Partial<MediaQuery>) => void;
}) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      <SearchBox id="media-search" initial={query.q} onSearch={(q) => onChange({ q: q || undefined })} />
      <div className="grid gap-1">
        <Label htmlFor="media-filter">Show</Label>
        <select
          id="media-filter"
          className="h-10 rounded-md border border-input bg-background px-3 text-sm"
          value={query.filter ?? ''}
          onChange={(e) => onChange({ filter: filterOf(e.target.value) })}
        >
          <option value="">All images</option>
          {MEDIA_FILTERS.map((f) => (
            <option key={f} value={f}>
              {FILTER_LABELS[f]}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
