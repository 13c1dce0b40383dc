/** The site's navigation: the header's links and the footer's groups. */
import { CATEGORY_ROUTES } from 'content-schema/categories';

export interface NavLink {
  href: string;
  label: string;
}

/** Header links, in the order the header shows them; the Admin button is separate. */
export const NAV_LINKS: readonly NavLink[] = [
  { href: '/', label: 'Home' },
  ...CATEGORY_ROUTES.map((r) => ({ href: `/${r.path}`, label: r.nav })),
  { href: '/about', label: 'About' },
];

export const ADMIN_LINK: NavLink = { href: '/admin', label: 'Admin' };

/** Footer links, grouped for scanning; together they are the fifteen pages every page links to. */
export const FOOTER_GROUPS: readonly { heading: string; links: readonly NavLink[] }[] = [
  {
    heading: 'Newsroom',
    links: [
      { href: '/about', label: 'About Us' },
      { href: '/contact', label: 'Contact' },
      { href: '/tip', label: 'Submit a Tip' },
      { href: '/corrections', label: 'Report a Correction' },
      { href: '/guidelines', label: 'Community Guidelines' },
    ],
  },
  {
    heading: 'Standards',
    links: [
      { href: '/ethics', label: 'Editorial Ethics' },
      { href: '/review-process', label: 'Review Process' },
      { href: '/methodology', label: 'Research Methodology' },
      { href: '/licensing', label: 'Licensing' },
      { href: '/status', label: 'System Status' },
    ],
  },
  {
    heading: 'Legal & Privacy',
    links: [
      { href: '/privacy', label: 'Privacy Policy' },
      { href: '/privacy-settings', label: 'Privacy Settings' },
      { href: '/cookies', label: 'Cookie Policy' },
      { href: '/terms', label: 'Terms of Use' },
      { href: '/accessibility', label: 'Accessibility' },
    ],
  },
];

/** Normalise a path: no trailing slash (except the root) and no `.html` suffix. */
export function normalisePath(pathname: string): string {
  const path = pathname.replace(/\.html$/, '').replace(/\/index$/, '/');
  return path.length > 1 ? path.replace(/\/+$/, '') || '/' : '/';
}

/** Whether a header link belongs to the given path: Home only on '/', any other link on its path and below. */
export function isActive(currentPath: string, href: string): boolean {
  const path = normalisePath(currentPath);
  if (href === '/') return path === '/';
  return path === href || path.startsWith(`${href}/`);
}
