import { useEffect, useId, useRef, useState, type Dispatch, type FormEvent, type SetStateAction } from 'react';
import {
  CONSENT_STORAGE_KEY,
  DEFAULT_CONSENT,
  OPTIONAL_CATEGORIES,
  acceptAll,
  describeConsent,
  readConsent,
  rejectOptional,
  saveConsent,
  type ConsentChoices,
  type OptionalCategory,
  type StoredConsent,
} from '../lib/browser/consent.ts';
import { SITE_NAME } from 'content-schema/site';
import { formatDateTime } from 'content-schema/format';
import { browserStorage } from '../lib/browser/storage.ts';

const CATEGORY_TEXT: Record<OptionalCategory, { label: string; description: string }> = {
  analytics: {
    label: 'Analytics',
    description: `The cookieless reading count on article pages (no cookie, nothing stored on your device). Switched off, this browser sends it no more.`,
  },
  preferences: {
    label: 'Preferences',
    description: `Cookies that would remember display settings between visits. ${SITE_NAME} sets none today.`,
  },
  performance: {
    label: 'Performance',
    description: `Cookies that would measure loading speed and errors. ${SITE_NAME} sets none today.`,
  },
};

function formatSavedAt(savedAt: string): string {
  return formatDateTime(savedAt);
}

const primaryButton = 'btn btn-primary';
const secondaryButton = 'btn btn-outline';

/**
 * The message to show in a `role="status"` element, and the function that replaces it (PrivacySettings, which
 * shows these controls, announces its own actions with it too).
 */
export function useAnnouncer(): [message: string, announce: (text: string) => void] {
  const [message, setMessage] = useState('');
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  /** Clearing first makes screen readers announce a message even when it repeats the previous one. */
  function announce(text: string) {
    setMessage('');
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setMessage(text), 60);
  }
  return [message, announce];
}

/** The choice saved in this browser and the draft the switches edit; follows a change made in another tab. */
function useConsentChoice() {
  const [loaded, setLoaded] = useState(false);
  const [stored, setStored] = useState<StoredConsent | null>(null);
  const [draft, setDraft] = useState<ConsentChoices>(DEFAULT_CONSENT);
  useEffect(() => {
    const storage = browserStorage();
    const current = storage ? readConsent(storage) : null;
    setStored(current);
    setDraft(current ?? DEFAULT_CONSENT);
    setLoaded(true);
    // Another tab (or the privacy settings page) may change the choice; follow it.
    const onStorage = (event: StorageEvent) => {
      if (event.key !== null && event.key !== CONSENT_STORAGE_KEY) return;
      const next = storage ? readConsent(storage) : null;
      setStored(next);
      setDraft(next ?? DEFAULT_CONSENT);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
  return { loaded, stored, setStored, draft, setDraft };
}

function CurrentChoice({ loaded, stored }: { loaded: boolean; stored: StoredConsent | null }) {
  return (
    <p className="m-0">
      <strong>Current choice:</strong> {loaded ? describeConsent(stored) : 'Reading the choice saved in this browser…'}
      {loaded && stored?.savedAt ? (
        <>
          {' '}
          Saved on <time dateTime={stored.savedAt}>{formatSavedAt(stored.savedAt)}</time>.
        </>
      ) : null}
    </p>
  );
}

/** One category's switch, label and description. */
function CategorySwitch(props: {
  id: string;
  label: string;
  description: string;
  checked: boolean;
  onChange?: (checked: boolean) => void;
}) {
  const { id, label, description, checked, onChange } = props;
  return (
    <li className="flex gap-3">
      <input
        type="checkbox"
        id={id}
        checked={checked}
        disabled={!onChange}
        onChange={onChange ? (event) => onChange(event.currentTarget.checked) : undefined}
        aria-describedby={`${id}-desc`}
        className="mt-1 size-5"
      />
      <div>
        <label htmlFor={id} className="font-semibold">
          {label}
        </label>
        <p id={`${id}-desc`} className="m-0 text-sm text-slate-700">
          {description}
        </p>
      </div>
    </li>
  );
}

/** Manage: a switch per category (essential always on) and Save Preferences. */
function ManagePanel(props: {
  id: string;
  open: boolean;
  draft: ConsentChoices;
  setDraft: Dispatch<SetStateAction<ConsentChoices>>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}) {
  const { id, open, draft, setDraft, onSubmit } = props;
  return (
    <form id={`${id}-panel`} hidden={!open} onSubmit={onSubmit} className="mt-5">
      <fieldset className="m-0 border-0 p-0">
        <legend className="mb-3 font-semibold">Cookie categories</legend>
        <ul className="m-0 list-none space-y-4 p-0">
          <CategorySwitch
            id={`${id}-essential`}
            label="Essential (always active)"
            description="Storage the site needs to work, such as remembering this choice. It cannot be switched off."
            checked
          />
          {OPTIONAL_CATEGORIES.map((category) => (
            <CategorySwitch
              key={category}
              id={`${id}-${category}`}
              label={CATEGORY_TEXT[category].label}
              description={CATEGORY_TEXT[category].description}
              checked={draft[category]}
              onChange={(checked) => setDraft((current) => ({ ...current, [category]: checked }))}
            />
          ))}
        </ul>
      </fieldset>
      <button type="submit" className={`${primaryButton} mt-5`}>
        Save Preferences
      </button>
    </form>
  );
}

/**
 * The cookie policy's preference controls: Accept All, Reject Optional, and Manage (per-category switches
 * with Save Preferences). The choice is kept in this browser's localStorage and read back on every visit;
 * Analytics off (or Reject Optional) stops the reading beacon (site/lib/browser/beacon.ts). The buttons are never
 * disabled while the island wakes: one pressed before hydration is pressed again once it has.
 */
export default function CookiePreferences({ onSaved }: { onSaved?: () => void } = {}) {
  const id = useId();
  const { loaded, stored, setStored, draft, setDraft } = useConsentChoice();
  const [managing, setManaging] = useState(false);
  const [message, announce] = useAnnouncer();

  function apply(result: StoredConsent | null) {
    if (result === null) {
      announce(
        'Your browser did not allow the choice to be saved (storage may be blocked). Nothing optional is used either way.',
      );
      return;
    }
    setStored(result);
    setDraft(result);
    onSaved?.();
    announce(`Preferences saved. ${describeConsent(result)}`);
  }

  function withStorage(action: (storage: Storage) => StoredConsent | null) {
    const storage = browserStorage();
    apply(storage ? action(storage) : null);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    withStorage((storage) => saveConsent(storage, draft));
  }

  return (
    <div className="card my-6 p-5">
      <CurrentChoice loaded={loaded} stored={stored} />

      <div className="mt-4 flex flex-wrap gap-3">
        <button type="button" className={primaryButton} onClick={() => withStorage(acceptAll)}>
          Accept All
        </button>
        <button type="button" className={secondaryButton} onClick={() => withStorage(rejectOptional)}>
          Reject Optional
        </button>
        <button
          type="button"
          className={secondaryButton}
          aria-expanded={managing}
          aria-controls={`${id}-panel`}
          onClick={() => setManaging((open) => !open)}
        >
          Manage
        </button>
      </div>

      <ManagePanel id={id} open={managing} draft={draft} setDraft={setDraft} onSubmit={onSubmit} />

      <p role="status" className="mt-4 mb-0 min-h-6 text-sm font-medium text-slate-800">
        {message}
      </p>
    </div>
  );
}
