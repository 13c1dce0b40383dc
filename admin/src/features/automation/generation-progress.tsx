import { useEffect, useState } from 'react';
import { Progress } from '../../components/ui/progress.tsx';
import { progressAt } from './automation-texts.ts';

/**
 * Progress while a generation runs. The server does not report partial progress, so the bar eases towards
 * 90% over time and the label says what is happening; it disappears when the answer arrives.
 */
export function GenerationProgress({ label, className }: { label: string; className?: string }) {
  const [elapsed, setElapsed] = useState(0);
  useEffect(() => {
    const started = Date.now();
    const timer = setInterval(() => setElapsed(Date.now() - started), 200);
    return () => clearInterval(timer);
  }, []);
  const value = progressAt(elapsed);
  return (
    <div className={className} role="status" aria-live="polite">
      <p className="mb-2 text-sm text-muted-foreground">{label}</p>
      <Progress value={value} aria-label={label} />
    </div>
  );
}
