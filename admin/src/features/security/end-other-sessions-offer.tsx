import { Loader2, LogOut } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { useEndOtherSessions } from './api/end-other-sessions.ts';
import { useSessions } from './api/get-sessions.ts';
import { endedSessionsText } from './sessions-ended.ts';

const otherSessionsText = (n: number) =>
  n === 1 ? '1 other session is signed in.' : `${n} other sessions are signed in.`;

/**
 * Shown once the second factor is on: sessions opened before it stay signed in without a code (one of them may be
 * the reason for turning it on), so the admin is offered to end them here, through the same endpoint as the
 * Active sessions list.
 */
export function EndOtherSessionsOffer() {
  const sessions = useSessions();
  const endOthers = useEndOtherSessions();
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;
  if (endOthers.isSuccess) {
    return <p className="text-sm">{endedSessionsText(endOthers.data)}</p>;
  }
  if (others === 0) return null;
  return (
    <div className="grid justify-items-start gap-2 rounded-md border p-4">
      <p className="text-sm">
        {otherSessionsText(others)} Browsers already signed in stay signed in without a code. End them if one might not
        be yours.
      </p>
      <Button variant="outline" disabled={endOthers.isPending} onClick={() => endOthers.mutate()}>
        {endOthers.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <LogOut aria-hidden="true" />}
        End other sessions
      </Button>
    </div>
  );
}
