/** What ending other sessions did, as one sentence ("2 other sessions were ended."). */
export function endedSessionsText({ ended }: { ended: number }): string {
  if (ended === 0) return 'No other sessions were signed in.';
  return ended === 1 ? '1 other session was ended.' : `${ended} other sessions were ended.`;
}
