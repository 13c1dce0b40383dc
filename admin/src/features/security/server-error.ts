import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { placeServerError } from './form-errors.ts';

/** Shows a failed request's error on a react-hook-form form, focusing the field it is about. */
export function showServerError<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  fields: readonly Path<T>[],
): void {
  const placed = placeServerError(error, fields);
  if (placed.field === 'root') setError('root.server', { message: placed.message });
  else setError(placed.field, { message: placed.message }, { shouldFocus: true });
}
