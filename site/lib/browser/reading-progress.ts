/** Percent of the page scrolled, 0–100 and capped at 100; a page that cannot scroll counts as read. */
export function scrolledPercent(scrollTop: number, scrollHeight: number, viewportHeight: number): number {
  const scrollable = scrollHeight - viewportHeight;
  if (scrollable <= 0) return 100;
  return Math.min(100, Math.max(0, Math.round((scrollTop / scrollable) * 100)));
}
