/** The dashboard's eight tabs, in order; each has its own address /admin/{value} (overview is /admin). */
export const DASHBOARD_TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'automation', label: 'Automation' },
  { value: 'analytics', label: 'Analytics' },
  { value: 'performance', label: 'Performance' },
  { value: 'scheduler', label: 'Scheduler' },
  { value: 'templates', label: 'Templates' },
  { value: 'workflows', label: 'Workflows' },
  { value: 'seo', label: 'SEO' },
] as const;

export type DashboardTab = (typeof DASHBOARD_TABS)[number]['value'];

/** Router path of a tab, relative to /admin. */
export function tabPath(tab: DashboardTab): string {
  return tab === 'overview' ? '/' : `/${tab}`;
}
