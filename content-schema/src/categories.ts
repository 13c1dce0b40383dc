/** The category table: every known category with its colours and icon, the editor's choices and the listing routes. */
export const CATEGORIES = [
  'Analysis Drop',
  'Startup Radar',
  'Deep Dive',
  'Deal Watch',
  'Energy Future',
  'Future Cities',
  'Energy',
  'Architecture',
  'News Slam',
] as const;
export type Category = (typeof CATEGORIES)[number];

/** The post editor and templates offer only these. */
export const EDITOR_CATEGORIES = [
  'Analysis Drop',
  'News Slam',
  'Startup Radar',
  'Deep Dive',
  'Deal Watch',
] as const satisfies readonly Category[];

export interface CategoryStyle {
  /** Tailwind-free colours so every face (site, admin, OG images) can use them. */
  background: string;
  foreground: string;
  accent: string;
  /** lucide icon name */
  icon: string;
}

export const CATEGORY_STYLES: Record<Category, CategoryStyle> = {
  'Analysis Drop': { background: '#e0e7ff', foreground: '#3730a3', accent: '#4f46e5', icon: 'brain' },
  'Startup Radar': { background: '#dcfce7', foreground: '#166534', accent: '#16a34a', icon: 'rocket' },
  'Deep Dive': { background: '#ede9fe', foreground: '#5b21b6', accent: '#7c3aed', icon: 'layers' },
  'Deal Watch': { background: '#fef3c7', foreground: '#92400e', accent: '#d97706', icon: 'trending-up' },
  'Energy Future': { background: '#ccfbf1', foreground: '#115e59', accent: '#0d9488', icon: 'zap' },
  'Future Cities': { background: '#e0f2fe', foreground: '#075985', accent: '#0284c7', icon: 'building-2' },
  Energy: { background: '#ccfbf1', foreground: '#115e59', accent: '#0d9488', icon: 'zap' },
  Architecture: { background: '#e0f2fe', foreground: '#075985', accent: '#0284c7', icon: 'building-2' },
  'News Slam': { background: '#fee2e2', foreground: '#991b1b', accent: '#dc2626', icon: 'newspaper' },
};

/** Any value outside the table gets this neutral slate style. */
export const NEUTRAL_STYLE: CategoryStyle = {
  background: '#f1f5f9',
  foreground: '#334155',
  accent: '#64748b',
  icon: 'tag',
};

/** Style for any category string, known or not. */
export function categoryStyle(category: string): CategoryStyle {
  return (CATEGORY_STYLES as Record<string, CategoryStyle>)[category] ?? NEUTRAL_STYLE;
}

/** The six category listing pages: route segment → category value and page title. */
export const CATEGORY_ROUTES = [
  { path: 'analysis', category: 'Analysis Drop', title: 'Analysis Drop', nav: 'AI Analysis' },
  { path: 'startups', category: 'Startup Radar', title: 'Startup Radar', nav: 'Startups' },
  { path: 'deep-dive', category: 'Deep Dive', title: 'Deep Dive', nav: 'Deep Dives' },
  { path: 'deal-watch', category: 'Deal Watch', title: 'Deal Watch', nav: 'Deal Watch' },
  { path: 'energy', category: 'Energy Future', title: 'Energy Future', nav: 'Energy' },
  { path: 'architecture', category: 'Future Cities', title: 'Future Cities', nav: 'Architecture' },
] as const satisfies readonly { path: string; category: Category; title: string; nav: string }[];

/** Home filter buttons, label → value; '' means all posts. */
export const HOME_FILTERS = [
  { label: 'All Posts', value: '' },
  { label: 'Analysis', value: 'Analysis Drop' },
  { label: 'Startups', value: 'Startup Radar' },
  { label: 'Deep Dive', value: 'Deep Dive' },
  { label: 'Deals', value: 'Deal Watch' },
  { label: 'Energy', value: 'Energy Future' },
  { label: 'Architecture', value: 'Future Cities' },
] as const;

/** Weekly automation schedule in Europe/Stockholm time; 1 = Monday … 7 = Sunday. */
export const WEEKLY_SCHEDULE = [
  { weekday: 1, day: 'Monday', category: 'Analysis Drop', kind: 'daily', hour: 9 },
  { weekday: 2, day: 'Tuesday', category: 'Energy Future', kind: 'daily', hour: 9 },
  { weekday: 3, day: 'Wednesday', category: 'Future Cities', kind: 'daily', hour: 9 },
  { weekday: 4, day: 'Thursday', category: 'Deal Watch', kind: 'daily', hour: 9 },
  { weekday: 5, day: 'Friday', category: 'Deep Dive', kind: 'deep-dive', hour: 8 },
] as const satisfies readonly {
  weekday: number;
  day: string;
  category: Category;
  kind: 'daily' | 'deep-dive';
  hour: number;
}[];
