import { Toast } from 'radix-ui';
import { X } from 'lucide-react';
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX } from 'content-schema/site';
import { cn } from '../../lib/cn.ts';
import { useToastStore } from './use-toast.ts';

/** The one toast region of the app: 5000 ms, swipe right past 50 px to dismiss, F8 focuses it. */
export function Toaster() {
  const toasts = useToastStore((s) => s.toasts);
  const close = useToastStore((s) => s.close);
  const remove = useToastStore((s) => s.remove);
  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}>
      {toasts.map((t) => (
        <Toast.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => {
            if (!open) {
              close(t.id);
              window.setTimeout(() => remove(t.id), 200);
            }
          }}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-md border p-4 pr-8 shadow-lg transition-all',
            'data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=move]:transition-none',
            'data-[state=closed]:opacity-0',
            t.variant === 'destructive'
              ? 'border-destructive bg-destructive text-destructive-foreground'
              : 'border-border bg-background text-foreground',
          )}
        >
          <div className="grid gap-1">
            <Toast.Title className="text-sm font-semibold">{t.title}</Toast.Title>
            {t.description ? (
              <Toast.Description className="text-sm opacity-90">{t.description}</Toast.Description>
            ) : null}
          </div>
          <Toast.Close
            aria-label="Close"
            className="absolute right-2 top-2 rounded-md p-1 opacity-70 hover:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <X className="size-4" aria-hidden="true" />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse gap-2 p-4 outline-none sm:bottom-0 sm:right-0 sm:top-auto sm:flex-col md:max-w-[420px]" />
    </Toast.Provider>
  );
}
