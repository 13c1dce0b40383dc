import { Loader2 } from 'lucide-react';

/** A full-page wait message, announced to assistive technology. */
export function PageLoading({ label }: { label: string }) {
  return (
    <div role="status" className="flex min-h-screen items-center justify-center gap-2 text-muted-foreground">
      <Loader2 className="size-5 animate-spin" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
