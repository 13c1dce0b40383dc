/**
 * The footer's service-health line: the state the API measures (GET /api/status), or that it
 * could not be read. It wakes when the footer scrolls into view; before that, and without JavaScript, it is the
 * server's plain link to the status page (components/SiteFooter.astro).
 */
import { enhancement } from '../enhance/define.ts';
import { fetchStatus, footerStatusText } from '../lib/browser/service-status.ts';

const DOT: Record<string, string> = {
  operational: 'bg-emerald-400',
  degraded: 'bg-amber-400',
  outage: 'bg-red-500',
};
const UNKNOWN_DOT = 'bg-slate-400';

export default enhancement<Record<string, never>>((root) => {
  const dot = root.querySelector<HTMLElement>('[data-part="dot"]')!;
  const text = root.querySelector<HTMLElement>('[data-part="text"]')!;
  void fetchStatus().then((reading) => {
    dot.classList.replace(UNKNOWN_DOT, reading.kind === 'ok' ? (DOT[reading.overall] ?? UNKNOWN_DOT) : UNKNOWN_DOT);
    text.textContent = footerStatusText(reading);
  });
});
