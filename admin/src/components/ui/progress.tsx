import type { ComponentProps } from 'react';
import { Progress as ProgressPrimitive } from 'radix-ui';
import { cn } from '../../lib/cn.ts';

export function Progress({ className, value, max = 100, ...props }: ComponentProps<typeof ProgressPrimitive.Root>) {
  const percent = Math.max(0, Math.min(100, ((value ?? 0) / max) * 100));
  return (
    <ProgressPrimitive.Root
      className={cn('relative h-3 w-full overflow-hidden rounded-full bg-secondary', className)}
      value={value}
      max={max}
      {...props}
    >
      <ProgressPrimitive.Indicator
        className="h-full w-full flex-1 bg-primary transition-transform"
        style={{ transform: `translateX(-${100 - percent}%)` }}
      />
    </ProgressPrimitive.Root>
  );
}
