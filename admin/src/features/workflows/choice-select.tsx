import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select.tsx';

interface ChoiceSelectProps<V extends string> {
  id: string;
  value: V;
  onChange: (value: V) => void;
  options: readonly { value: V; label: string }[];
  label?: string;
  describedBy?: string | undefined;
}

/** A select over a fixed list of choices (the form's trigger, event, frequency and action type). */
export function ChoiceSelect<V extends string>({
  id,
  value,
  onChange,
  options,
  label,
  describedBy,
}: ChoiceSelectProps<V>) {
  return (
    <Select value={value} onValueChange={(v) => onChange(v as V)}>
      <SelectTrigger id={id} aria-label={label} aria-describedby={describedBy}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {options.map((o) => (
          <SelectItem key={o.value} value={o.value}>
            {o.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
