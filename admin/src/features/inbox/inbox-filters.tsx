import {
  MESSAGE_STATUSES,
  MESSAGE_STATUS_LABELS,
  MESSAGE_TYPES,
  MESSAGE_TYPE_LABELS,
  type MessageFilter,
} from 'content-schema/messages';
import { Label } from '../../components/ui/label.tsx';

const SELECT = 'h-10 rounded-md border border-input bg-background px-3 text-sm';

/** The type and status filters (native selects: the list follows each choice at once). */
export function InboxFilters({ filter, onChange }: { filter: MessageFilter; onChange: (next: MessageFilter) => void }) {
  return (
    <div className="flex flex-wrap gap-3">
      <div className="grid gap-1">
        <Label htmlFor="inbox-type">Type</Label>
        <select
          id="inbox-type"
          className={SELECT}
          value={filter.type ?? ''}
          onChange={(e) => onChange({ ...filter, type: (e.target.value || undefined) as MessageFilter['type'] })}
        >
          <option value="">All types</option>
          {MESSAGE_TYPES.map((t) => (
            <option key={t} value={t}>
              {MESSAGE_TYPE_LABELS[t]}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-1">
        <Label htmlFor="inbox-status">Status</Label>
        <select
          id="inbox-status"
          className={SELECT}
          value={filter.status ?? ''}
          onChange={(e) => onChange({ ...filter, status: (e.target.value || undefined) as MessageFilter['status'] })}
        >
          <option value="">All statuses</option>
          {MESSAGE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {MESSAGE_STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
