import { lazy, Suspense } from 'react';
import type { ConfirmDialogProps } from './alert-dialog.tsx';

const AlertDialog = lazy(() => import('./alert-dialog.tsx'));

/**
 * A confirmation dialog whose code (Radix dialog, focus trap, scroll lock) loads only once it is first opened,
 * keeping it out of the dashboard's initial JavaScript.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <AlertDialog {...props} />
    </Suspense>
  );
}
