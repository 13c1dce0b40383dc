import type { ReactNode } from 'react';
import { Loader2 } from 'lucide-react';
import { Button } from './ui/button.tsx';

/** A full-width submit button that says what is under way (and is disabled) while its request runs. */
export function SubmitButton({
  pending,
  pendingLabel,
  children,
}: {
  pending: boolean;
  pendingLabel: string;
  children: ReactNode;
}) {
  return (
    <Button type="submit" disabled={pending} className="w-full">
      {pending ? (
        <>
          <Loader2 className="animate-spin" aria-hidden="true" />
          {pendingLabel}
        </>
      ) : (
        children
      )}
    </Button>
  );
}
