/** Share targets of the article Share menu. Pure URL building; the island does the opening. */

export type ShareNetwork = 'twitter' | 'linkedin' | 'facebook';

export interface ShareData {
  /** Absolute article URL: the site origin plus /post/{slug}. */
  url: string;
  title: string;
  /** The excerpt followed by ' - By {author}'. */
  text: string;
}

export const NETWORK_LABELS: Record<ShareNetwork, string> = {
  twitter: 'Twitter (X)',
  linkedin: 'LinkedIn',
  facebook: 'Facebook',
};

/** The share text: the excerpt, then ' - By ' and the author. */
export function shareText(excerpt: string, author: string): string {
  return `${excerpt} - By ${author}`;
}

/** The absolute article URL on the given origin. */
export function articleUrl(origin: string, slug: string): string {
  return `${origin.replace(/\/+$/, '')}/post/${encodeURIComponent(slug)}`;
}

/** The network's share-dialog URL. */
export function networkShareUrl(network: ShareNetwork, data: ShareData): string {
  const url = encodeURIComponent(data.url);
  switch (network) {
    case 'twitter':
      return `https://twitter.com/intent/tweet?text=${encodeURIComponent(data.text)}&url=${url}`;
    case 'linkedin':
      return `https://www.linkedin.com/sharing/share-offsite/?url=${url}`;
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${url}`;
  }
}

/** A mailto: link with the title as subject and the share text and URL as body. */
export function emailShareUrl(data: ShareData): string {
  return `mailto:?subject=${encodeURIComponent(data.title)}&body=${encodeURIComponent(`${data.text}\n\n${data.url}`)}`;
}

/** window.open features for the 600x400 share window; without an opener the network page cannot reach back into ours. */
export function shareWindowFeatures(size: { width: number; height: number }): string {
  return `width=${size.width},height=${size.height},noopener,noreferrer`;
}
