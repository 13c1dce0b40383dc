import type { ReactNode } from 'react';
import { SelectItem } from '../../components/ui/select.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';

interface ChoiceFieldProps<V extends string> {
  id: string;
  label: string;
  hint?: ReactNode;
  value: V;
  onChange: (value: V) => void;
  options: readonly { value: V; label: string }[];
}

/** A labelled select over a fixed list of choices (the form's trigger, event, frequency and action type). */
export function ChoiceField<V extends string>({ id, label, hint, value, onChange, options }: ChoiceFieldProps<V>) {
  return (
    <SelectField id={id} label={label} hint={hint} value={value} onValueChange={(v) => onChange(v as V)}>
      {options.map((o) => (
        <SelectItem key={o.value} value={o.value}>
          {o.label}
        </SelectItem>
      ))}
    </SelectField>
  );
}
