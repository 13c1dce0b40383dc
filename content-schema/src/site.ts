/** Product-wide names and constants. Thresholds live here once. */
export const SITE_NAME = 'Northwire';
export const SITE_TAGLINE = 'Tech Intelligence & Analysis';
export const SITE_OWNER = 'Northwire Media AB';
export const EDITORIAL_EMAIL = 'editorial@northwire.example';
export const TIPS_EMAIL = 'tips@northwire.example';
export const CORRECTIONS_EMAIL = 'corrections@northwire.example';
export const PRIVACY_EMAIL = 'privacy@northwire.example';

export const SKELETON_COUNT = 6;
export const RELATED_POSTS_MAX = 3;
export const CARD_TAGS_MAX = 3;
export const LISTING_PAGE_SIZE = 24;
export const LINK_COPIED_MS = 2000;
export const SHARE_WINDOW = { width: 600, height: 400 } as const;

export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_LIMIT = 1;
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

export const NOTIFICATIONS_MAX = 20;
export const NOTIFICATION_BADGE_MAX = 9;

export const DEFAULT_READ_TIME = 5;
export const DEFAULT_AUTHOR_ID = 1;

export const DAILY_TOPICS_FALLBACK = 50;
export const DEEP_DIVE_TOPICS_FALLBACK = 10;
export const DAILY_WORDS = { min: 4000, max: 5000 } as const;
export const DEEP_DIVE_WORDS = { min: 5000, max: 6000 } as const;
export const PROMPT_WORDS = { min: 4000, max: 5500 } as const;
export const AUTOMATION_TIMEZONE = 'Europe/Stockholm';

export const SCHEDULER_TIMEZONES = [
  'Europe/Stockholm',
  'Europe/London',
  'America/New_York',
  'America/Los_Angeles',
] as const;
export type SchedulerTimezone = (typeof SCHEDULER_TIMEZONES)[number];
export const DEFAULT_TIMEZONE: SchedulerTimezone = 'Europe/Stockholm';

export const PERFORMANCE_RANGES = ['7d', '30d', '90d', '1y'] as const;
export const PERFORMANCE_SORTS = ['views', 'engagement', 'performance', 'recent'] as const;

export const STATUS_REFRESH_MS = 30_000;
