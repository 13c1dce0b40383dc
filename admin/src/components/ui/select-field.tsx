import type { ReactNode, Ref } from 'react';
import { Field, FieldControl, type FieldProps } from './field.tsx';
import { Select, SelectContent, SelectTrigger, SelectValue } from './select.tsx';

interface SelectFieldProps extends Omit<FieldProps, 'children'> {
  value: string;
  onValueChange: (value: string) => void;
  /** Shown while no value is chosen. */
  placeholder?: ReactNode;
  disabled?: boolean;
  /** react-hook-form's `field.ref` and `field.onBlur`, when a `Controller` renders it (focus on error, touched). */
  triggerRef?: Ref<HTMLButtonElement>;
  onBlur?: () => void;
  triggerClassName?: string;
  /** The `SelectItem`s. */
  children: ReactNode;
}

/** A labelled select with its hint and error: the trigger is the field's control. */
export function SelectField({
  value,
  onValueChange,
  placeholder,
  disabled,
  triggerRef,
  onBlur,
  triggerClassName,
  children,
  ...field
}: SelectFieldProps) {
  return (
    <Field {...field}>
      <Select value={value} onValueChange={onValueChange} disabled={disabled}>
        <FieldControl>
          <SelectTrigger ref={triggerRef} onBlur={onBlur} className={triggerClassName}>
            <SelectValue placeholder={placeholder} />
          </SelectTrigger>
        </FieldControl>
        <SelectContent>{children}</SelectContent>
      </Select>
    </Field>
  );
}
