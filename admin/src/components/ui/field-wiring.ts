/**
 * How a form field's parts refer to each other: the label names the control by its id, and the control is
 * described by the field's hint and error (`<id>-hint`, `<id>-error`), so a screen reader reads them with it.
 * Plain functions, so the wiring is tested without a browser.
 */

/** What a field tells its control. */
export interface FieldState {
  /** The control's id; the hint and error paragraphs are `<id>-hint` and `<id>-error`. */
  id: string;
  /** Whether the field shows a hint. */
  hint: boolean;
  /** The field's error message, if it shows one. */
  error: string | undefined;
  /** Whether the control is invalid: it has an error message, or the form says why elsewhere. */
  invalid: boolean;
  /** A group of choices (a fieldset): each choice has its own id and label, and the group carries the description. */
  group?: boolean;
}

/** The `aria-describedby` value matching a field's hint and error. */
export function describedBy(
  id: string,
  { hint = false, error }: { hint?: boolean; error?: string | undefined },
): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

/** The attributes a field's control takes from the field. */
export interface ControlProps {
  id?: string;
  'aria-invalid'?: true | undefined;
  'aria-describedby'?: string | undefined;
}

/** The control's id, `aria-invalid` and `aria-describedby`; a choice in a group takes only `aria-invalid`. */
export function controlProps(field: FieldState): ControlProps {
  const invalid = field.invalid ? true : undefined;
  if (field.group) return { 'aria-invalid': invalid };
  return {
    id: field.id,
    'aria-invalid': invalid,
    'aria-describedby': describedBy(field.id, { hint: field.hint, error: field.error }),
  };
}
