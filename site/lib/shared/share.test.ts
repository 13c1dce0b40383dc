import { describe, expect, it } from 'vitest';
import { articleUrl, emailShareUrl, networkShareUrl, shareText, shareWindowFeatures } from './share.ts';

const data = {
  url: 'https://northwire.example/post/a-b',
  title: 'A & B',
  text: shareText('Why it matters', 'Ingrid Solvik'),
};

describe('share', () => {
  it('builds the share text: the excerpt, then the author', () => {
    expect(data.text).toBe('Why it matters - By Ingrid Solvik');
  });

  it('builds article URLs from the origin and /post/{slug}', () => {
    expect(articleUrl('https://northwire.example/', 'a-b')).toBe('https://northwire.example/post/a-b');
  });

  it.each([
    [
      'twitter',
      'https://twitter.com/intent/tweet?text=Why%20it%20matters%20-%20By%20Ingrid%20Solvik&url=https%3A%2F%2Fnorthwire.example%2Fpost%2Fa-b',
    ],
    ['linkedin', 'https://www.linkedin.com/sharing/share-offsite/?url=https%3A%2F%2Fnorthwire.example%2Fpost%2Fa-b'],
    ['facebook', 'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fnorthwire.example%2Fpost%2Fa-b'],
  ] as const)('%s share URL', (network, url) => {
    expect(networkShareUrl(network, data)).toBe(url);
  });

  it('builds an encoded mailto link', () => {
    expect(emailShareUrl(data)).toBe(
      'mailto:?subject=A%20%26%20B&body=Why%20it%20matters%20-%20By%20Ingrid%20Solvik%0A%0Ahttps%3A%2F%2Fnorthwire.example%2Fpost%2Fa-b',
    );
  });

  it('opens a 600x400 window without an opener', () => {
    expect(shareWindowFeatures({ width: 600, height: 400 })).toBe('width=600,height=400,noopener,noreferrer');
  });
});
