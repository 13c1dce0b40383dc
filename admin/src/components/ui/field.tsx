import { createContext, useContext, type ComponentProps, type ReactElement, type ReactNode } from 'react';
import { Slot } from 'radix-ui';
import { cn } from '../../lib/cn.ts';
import { controlProps, describedBy, type FieldState } from './field-wiring.ts';
import { Label } from './label.tsx';

const FieldContext = createContext<FieldState | null>(null);

export interface FieldProps {
  /** The control's id. */
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  /** Marks the control invalid without a message of its own (the form shows one for several fields, or a toast). */
  invalid?: boolean | undefined;
  className?: string;
  children: ReactNode;
}

/**
 * A labelled form control with its hint and error. The control inside, wrapped in `FieldControl`, takes the id,
 * `aria-invalid` and `aria-describedby` from here, so the message is announced with it. `FormField` does both.
 */
export function Field({ id, label, error, hint, invalid, className, children }: FieldProps) {
  const state: FieldState = { id, hint: Boolean(hint), error, invalid: Boolean(error || invalid) };
  return (
    <FieldContext.Provider value={state}>
      <div className={cn('grid gap-2', className)}>
        <Label htmlFor={id} id={`${id}-label`}>
          {label}
        </Label>
        {children}
        {hint ? (
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            {hint}
          </p>
        ) : null}
        {error ? (
          <p id={`${id}-error`} className="text-sm font-medium text-destructive">
            {error}
          </p>
        ) : null}
      </div>
    </FieldContext.Provider>
  );
}

/** The control of the `Field` (or `FieldSet`) around it: its only child gets the field's id and `aria-*`. */
export function FieldControl(props: ComponentProps<typeof Slot.Root>) {
  const field = useContext(FieldContext);
  if (!field) throw new Error('FieldControl must be inside a Field');
  return <Slot.Root {...controlProps(field)} {...props} />;
}

/** A `Field` whose only child is its control: label, hint, error and the control's `aria-*`, wired once. */
export function FormField({ children, ...field }: Omit<FieldProps, 'children'> & { children: ReactElement }) {
  return (
    <Field {...field}>
      <FieldControl>{children}</FieldControl>
    </Field>
  );
}

interface FieldSetProps {
  /** Names the error paragraph (`<id>-error`). */
  id: string;
  legend: ReactNode;
  error?: string | undefined;
  className?: string;
  legendClassName?: string;
  children: ReactNode;
}

/**
 * A group of choices (radios, checkboxes) with its legend and error. The group is described by the error; each
 * choice wrapped in `FieldControl` is marked invalid with it.
 */
export function FieldSet({ id, legend, error, className, legendClassName, children }: FieldSetProps) {
  const state: FieldState = { id, hint: false, error, invalid: Boolean(error), group: true };
  return (
    <FieldContext.Provider value={state}>
      <fieldset className={className} aria-describedby={describedBy(id, { error })}>
        <legend className={cn('text-sm font-medium', legendClassName)}>{legend}</legend>
        {children}
        {error ? (
          <p id={`${id}-error`} className="mt-2 text-sm font-medium text-destructive">
            {error}
          </p>
        ) : null}
      </fieldset>
    </FieldContext.Provider>
  );
}
