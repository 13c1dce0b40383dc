import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2, ShieldCheck, ShieldOff } from 'lucide-react';
import {
  TwoFactorConfirmSchema,
  TwoFactorEnableSchema,
  TwoFactorSetupSchema,
  type TwoFactorSetupResult,
} from 'content-schema/auth';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useTwoFactorStatus } from './api/get-two-factor-status.ts';
import { useStartTwoFactorSetup, type TwoFactorSetup } from './api/start-two-factor-setup.ts';
import { useEnableTwoFactor, type TwoFactorEnable } from './api/enable-two-factor.ts';
import { useDisableTwoFactor, type TwoFactorConfirm } from './api/disable-two-factor.ts';
import { useRegenerateRecoveryCodes } from './api/regenerate-recovery-codes.ts';
import { EndOtherSessionsOffer } from './end-other-sessions-offer.tsx';
import { QrCode } from './qr-code.tsx';
import { RecoveryCodesPanel } from './recovery-codes-panel.tsx';
import { CodeField, FormError, PasswordField } from './security-fields.tsx';
import { showServerError } from './server-error.ts';

/** Where the admin is in turning the second factor on, off, or renewing its recovery codes. */
type Stage =
  | { kind: 'status' }
  | { kind: 'setup-password' }
  | { kind: 'setup-scan'; setup: TwoFactorSetupResult }
  | { kind: 'confirm'; action: 'disable' | 'regenerate' }
  | { kind: 'codes'; codes: readonly string[]; justEnabled: boolean };

/** Few enough recovery codes left that the admin should make new ones. */
const FEW_CODES_LEFT = 3;

/** Two-factor authentication: its status, setting it up (password, QR code, code, recovery codes), turning it off. */
export function TwoFactorSection() {
  const [stage, setStage] = useState<Stage>({ kind: 'status' });
  const toStatus = () => setStage({ kind: 'status' });
  return (
    <section aria-labelledby="two-factor-heading">
      <Card>
        <CardHeader>
          <CardTitle as="h2" id="two-factor-heading">
            Two-factor authentication
          </CardTitle>
          <CardDescription>
            Signing in asks for a code from an authenticator app on your phone as well as the password.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {stage.kind === 'status' ? <TwoFactorStatusView onStage={setStage} /> : null}
          {stage.kind === 'setup-password' ? (
            <SetupPasswordStep onStarted={(setup) => setStage({ kind: 'setup-scan', setup })} onCancel={toStatus} />
          ) : null}
          {stage.kind === 'setup-scan' ? (
            <SetupScanStep
              setup={stage.setup}
              onEnabled={(codes) => setStage({ kind: 'codes', codes, justEnabled: true })}
              onCancel={toStatus}
            />
          ) : null}
          {stage.kind === 'confirm' ? (
            <ConfirmStep
              action={stage.action}
              onRegenerated={(codes) => setStage({ kind: 'codes', codes, justEnabled: false })}
              onDisabled={toStatus}
              onCancel={toStatus}
            />
          ) : null}
          {stage.kind === 'codes' ? (
            <div className="grid gap-4">
              <RecoveryCodesPanel codes={stage.codes} onDone={toStatus} />
              {stage.justEnabled ? <EndOtherSessionsOffer /> : null}
            </div>
          ) : null}
        </CardContent>
      </Card>
    </section>
  );
}

function TwoFactorStatusView({ onStage }: { onStage: (stage: Stage) => void }) {
  const status = useTwoFactorStatus();
  if (status.isPending) return <Skeleton className="h-16 w-full" />;
  if (status.isError) {
    return (
      <div className="grid justify-items-start gap-3">
        <p className="text-sm text-muted-foreground">Could not load the two-factor status.</p>
        <Button variant="outline" onClick={() => void status.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const { enabled, recoveryCodesLeft } = status.data;
  if (!enabled) {
    return (
      <div className="grid justify-items-start gap-3">
        <p className="flex items-center gap-2 text-sm">
          <Badge variant="outline">Off</Badge>
          Two-factor authentication is off. Anyone with the password can sign in.
        </p>
        <Button onClick={() => onStage({ kind: 'setup-password' })}>
          <ShieldCheck aria-hidden="true" />
          Set up two-factor authentication
        </Button>
      </div>
    );
  }
  return (
    <div className="grid justify-items-start gap-3">
      <p className="flex items-center gap-2 text-sm">
        <Badge variant="success">On</Badge>
        Two-factor authentication is on.
      </p>
      <p className="text-sm">
        {recoveryCodesLeft === 1 ? '1 recovery code left.' : `${recoveryCodesLeft} recovery codes left.`}
        {recoveryCodesLeft <= FEW_CODES_LEFT ? (
          <span className="font-medium text-destructive"> Regenerate them before they run out.</span>
        ) : null}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => onStage({ kind: 'confirm', action: 'regenerate' })}>
          Regenerate recovery codes
        </Button>
        <Button variant="outline" onClick={() => onStage({ kind: 'confirm', action: 'disable' })}>
          <ShieldOff aria-hidden="true" />
          Turn off
        </Button>
      </div>
    </div>
  );
}

function SetupPasswordStep({
  onStarted,
  onCancel,
}: {
  onStarted: (setup: TwoFactorSetupResult) => void;
  onCancel: () => void;
}) {
  const start = useStartTwoFactorSetup();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TwoFactorSetup>({ resolver: zodResolver(TwoFactorSetupSchema), defaultValues: { currentPassword: '' } });
  const onSubmit = handleSubmit((body) =>
    start.mutate(body, {
      onSuccess: onStarted,
      onError: (error) => showServerError(setError, error, ['currentPassword']),
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="grid max-w-md gap-4" aria-label="Confirm your password">
      <p className="text-sm text-muted-foreground">Enter your password to start.</p>
      <PasswordField
        id="tfa-setup-password"
        label="Current password"
        autoFocus
        error={errors.currentPassword?.message}
        registration={register('currentPassword')}
      />
      <FormError id="tfa-setup-error" message={errors.root?.server?.message} />
      <StepButtons pending={start.isPending} submitLabel="Continue" onCancel={onCancel} />
    </form>
  );
}

function SetupScanStep({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: TwoFactorSetupResult;
  onEnabled: (codes: readonly string[]) => void;
  onCancel: () => void;
}) {
  const enable = useEnableTwoFactor();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TwoFactorEnable>({ resolver: zodResolver(TwoFactorEnableSchema), defaultValues: { code: '' } });
  const onSubmit = handleSubmit((body) =>
    enable.mutate(body, {
      onSuccess: ({ recoveryCodes }) => onEnabled(recoveryCodes),
      onError: (error) => showServerError(setError, error, ['code']),
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label="Add to your authenticator app">
      <ol className="grid list-decimal gap-1 pl-5 text-sm">
        <li>Scan the QR code with your authenticator app, or type the setup key into it.</li>
        <li>Enter the 6-digit code the app shows to turn two-factor authentication on.</li>
      </ol>
      <div className="flex flex-wrap items-start gap-6">
        <QrCode value={setup.uri} label="QR code for your authenticator app" />
        <div className="grid min-w-0 flex-1 gap-4 sm:min-w-64">
          <div className="grid gap-2">
            <Label htmlFor="tfa-secret">Setup key</Label>
            <Input
              id="tfa-secret"
              readOnly
              value={setup.secret}
              className="font-mono"
              onFocus={(event) => event.currentTarget.select()}
            />
          </div>
          <CodeField id="tfa-enable-code" autoFocus error={errors.code?.message} registration={register('code')} />
          <FormError id="tfa-enable-error" message={errors.root?.server?.message} />
          <StepButtons pending={enable.isPending} submitLabel="Turn on" onCancel={onCancel} />
        </div>
      </div>
    </form>
  );
}

const CONFIRM = {
  disable: {
    title: 'Turn off two-factor authentication',
    hint: 'Enter your password and a code from your authenticator app. Your recovery codes will stop working.',
    submit: 'Turn off',
  },
  regenerate: {
    title: 'Regenerate recovery codes',
    hint: 'Enter your password and a code from your authenticator app. Your current recovery codes will stop working.',
    submit: 'Regenerate codes',
  },
} as const;

function ConfirmStep({
  action,
  onRegenerated,
  onDisabled,
  onCancel,
}: {
  action: 'disable' | 'regenerate';
  onRegenerated: (codes: readonly string[]) => void;
  onDisabled: () => void;
  onCancel: () => void;
}) {
  const disable = useDisableTwoFactor();
  const regenerate = useRegenerateRecoveryCodes();
  const text = CONFIRM[action];
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TwoFactorConfirm>({
    resolver: zodResolver(TwoFactorConfirmSchema),
    defaultValues: { currentPassword: '', code: '' },
  });
  const fail = (error: Error) => showServerError(setError, error, ['currentPassword', 'code']);
  const onSubmit = handleSubmit((body) => {
    if (action === 'disable') disable.mutate(body, { onSuccess: onDisabled, onError: fail });
    else regenerate.mutate(body, { onSuccess: ({ recoveryCodes }) => onRegenerated(recoveryCodes), onError: fail });
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid max-w-md gap-4" aria-label={text.title}>
      <p className="text-sm text-muted-foreground">{text.hint}</p>
      <PasswordField
        id="tfa-confirm-password"
        label="Current password"
        autoFocus
        error={errors.currentPassword?.message}
        registration={register('currentPassword')}
      />
      <CodeField id="tfa-confirm-code" error={errors.code?.message} registration={register('code')} />
      <FormError id="tfa-confirm-error" message={errors.root?.server?.message} />
      <StepButtons
        pending={disable.isPending || regenerate.isPending}
        submitLabel={text.submit}
        destructive={action === 'disable'}
        onCancel={onCancel}
      />
    </form>
  );
}

function StepButtons({
  pending,
  submitLabel,
  destructive = false,
  onCancel,
}: {
  pending: boolean;
  submitLabel: string;
  destructive?: boolean;
  onCancel: () => void;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={pending}>
        {pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
        {submitLabel}
      </Button>
      <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
    </div>
  );
}
