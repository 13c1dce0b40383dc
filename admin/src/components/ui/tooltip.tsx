import type { ComponentProps, ReactNode } from 'react';
import { Tooltip as TooltipPrimitive } from 'radix-ui';
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from 'content-schema/site';
import { cn } from '../../lib/cn.ts';

/** Tooltips open after 700 ms, and after 300 ms moving from one to the next. */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <TooltipPrimitive.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      {children}
    </TooltipPrimitive.Provider>
  );
}

export function TooltipContent({
  className,
  sideOffset = 4,
  ...props
}: ComponentProps<typeof TooltipPrimitive.Content>) {
  return (
    <TooltipPrimitive.Portal>
      <TooltipPrimitive.Content
        sideOffset={sideOffset}
        className={cn('z-50 rounded-md bg-primary px-3 py-1.5 text-xs text-primary-foreground shadow-md', className)}
        {...props}
      />
    </TooltipPrimitive.Portal>
  );
}

/** Wraps one trigger (usually an icon button that already has an accessible name) with a tooltip. */
export function Tooltip({ content, children }: { content: ReactNode; children: ReactNode }) {
  return (
    <TooltipPrimitive.Root>
      <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
      <TooltipContent>{content}</TooltipContent>
    </TooltipPrimitive.Root>
  );
}
