import { useState } from 'react';
import { MAX_RETENTION_DAYS, MessageSettingsSchema, type MessageSettings } from 'content-schema/messages';
import { Button } from '../../components/ui/button.tsx';
import { Field, FieldControl } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { useMessageSettings } from './api/get-message-settings.ts';
import { useUpdateMessageSettings } from './api/update-message-settings.ts';

/** The retention typed, checked with the API's schema: the settings to save, or why not. */
export function retentionFromField(value: string): { settings: MessageSettings } | { error: string } {
  const parsed = MessageSettingsSchema.safeParse({ retentionDays: Number(value) });
  if (parsed.success) return { settings: parsed.data };
  return { error: parsed.error.issues[0]?.message ?? 'Invalid number of days' };
}

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
        const checked = retentionFromField(value);
        setError('error' in checked ? checked.error : null);
        if ('settings' in checked) update.mutate(checked.settings);
      }}
    >
      <Field
        id="retention-days"
        label="Keep messages for (days)"
        hint="Older messages are deleted automatically every hour. The privacy notice states the default of 365 days; update it if you change this."
        error={error ?? undefined}
      >
        <div className="flex gap-2">
          <FieldControl>
            <Input
              type="number"
              min={1}
              max={MAX_RETENTION_DAYS}
              className="w-28"
              value={value}
              onChange={(e) => setValue(e.target.value)}
            />
          </FieldControl>
          <Button type="submit" variant="outline" disabled={update.isPending || value === String(days)}>
            Save
          </Button>
        </div>
      </Field>
    </form>
  );
}
