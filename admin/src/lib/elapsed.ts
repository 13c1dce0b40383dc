const MINUTE_S = 60;
const HOUR_S = 60 * MINUTE_S;

/**
 * A short span of time as the editor reads it ("Live in 0.4 s", "took 12 s"): under 10 s with one decimal,
 * then whole seconds, then minutes (and hours) once seconds stop being readable.
 */
export function formatElapsed(ms: number): string {
  const tenths = Math.round(ms / 100);
  if (tenths < 1) return 'under 0.1 s';
  if (tenths < 100) return `${(tenths / 10).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  if (seconds < MINUTE_S) return `${seconds} s`;
  if (seconds < HOUR_S) {
    const rest = seconds % MINUTE_S;
    return rest ? `${Math.floor(seconds / MINUTE_S)} min ${rest} s` : `${seconds / MINUTE_S} min`;
  }
  const minutes = Math.floor((seconds % HOUR_S) / MINUTE_S);
  return minutes ? `${Math.floor(seconds / HOUR_S)} h ${minutes} min` : `${Math.floor(seconds / HOUR_S)} h`;
}
