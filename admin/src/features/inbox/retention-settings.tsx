import { useState } from 'react';
import { MAX_RETENTION_DAYS, MessageSettingsSchema } from 'content-schema/messages';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { useMessageSettings } from './api/get-message-settings.ts';
import { useUpdateMessageSettings } from './api/update-message-settings.ts';

/** How long messages are kept (stored in the database, so every instance's retention job applies it). */
export function RetentionSettings() {
  const settings = useMessageSettings();
  if (!settings.data) return null;
  return <RetentionForm key={settings.data.retentionDays} days={settings.data.retentionDays} />;
}

function RetentionForm({ days }: { days: number }) {
  const update = useUpdateMessageSettings();
  const [value, setValue] = useState(String(days));
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      className="grid gap-2"
      aria-label="Retention"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = MessageSettingsSchema.safeParse({ retentionDays: Number(value) });
        if (!parsed.success) {
          setError(parsed.error.issues[0]?.message ?? 'Invalid number of days');
          return;
        }
        setError(null);
        update.mutate(parsed.data);
      }}
    >
      <Label htmlFor="retention-days">Keep messages for (days)</Label>
      <div className="flex gap-2">
        <Input
          id="retention-days"
          type="number"
          min={1}
          max={MAX_RETENTION_DAYS}
          className="w-28"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'retention-days-error retention-days-hint' : 'retention-days-hint'}
        />
        <Button type="submit" variant="outline" disabled={update.isPending || value === String(days)}>
          Save
        </Button>
      </div>
      {error ? (
        <p id="retention-days-error" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      <p id="retention-days-hint" className="text-xs text-muted-foreground">
        Older messages are deleted automatically every hour. The privacy notice states the default of 365 days; update it
        if you change this.
      </p>
    </form>
  );
}
