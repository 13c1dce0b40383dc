import { describe, expect, it } from 'vitest';
import { siteFeatureImage, siteSummary } from '../build/test-posts.ts';
import { featuredPostHtml, postCardHtml } from './listing-view.ts';
import { isPostCard } from './post-card.ts';
import { toCard } from './post-list.ts';
import { featureImageFile, heroPictureHtml, heroPreload, pictureHtml, pictureSourceOf } from './picture.ts';

const image = siteFeatureImage();
const avif = (n: number, w: number) => `/media/${String(n).repeat(32)}.avif ${w}w`;

describe('a feature image as a picture', () => {
  it('offers every variant to the hero and only those up to a card’s width to a card', () => {
    expect(pictureSourceOf(image)).toEqual({
      alt: 'Cranes over a harbour at dawn',
      width: 1600,
      height: 900,
      x: 30,
      y: 70,
      src: `/media/${'5'.repeat(32)}.jpg`,
      avif: `${avif(1, 640)}, ${avif(2, 1600)}`,
      webp: `/media/${'3'.repeat(32)}.webp 640w, /media/${'4'.repeat(32)}.webp 1600w`,
    });
    expect(pictureSourceOf(image, 960).avif).toBe(avif(1, 640));
    // An image narrower than the limit in every width still offers its smallest.
    expect(pictureSourceOf(image, 100).avif).toBe(avif(1, 640));
  });

  it('is fetched first in the hero (preloaded with the same set) and lazily everywhere else', () => {
    const hero = String(heroPictureHtml(image));
    expect(hero).toContain('fetchpriority="high" decoding="async"');
    expect(hero).not.toContain('loading=');
    expect(hero).toContain(`srcset="${heroPreload(image).imagesrcset}" sizes="${heroPreload(image).imagesizes}"`);
    expect(hero).toContain('width="1600" height="900"');
    expect(hero).toContain('style="object-position:30% 70%"');
    const card = String(pictureHtml(pictureSourceOf(image), { sizes: '100vw', className: 'c' }));
    expect(card).toContain('loading="lazy" decoding="async"');
    expect(card).not.toContain('fetchpriority');
  });

  it('escapes its alt text', () => {
    const html = String(heroPictureHtml(siteFeatureImage({ alt: '"><script>x</script>' })));
    expect(html).toContain('alt="&quot;&gt;&lt;script&gt;x&lt;/script&gt;"');
  });

  it('names its fallback file for feeds and structured data', () => {
    expect(featureImageFile(image)).toEqual({
      path: `/media/${'5'.repeat(32)}.jpg`,
      type: 'image/jpeg',
      bytes: 5000,
      width: 1280,
      height: 720,
    });
  });
});

describe('cards with a feature image', () => {
  const card = toCard(siteSummary(1, { featureImage: image }));

  it('carry a small picture source that the card guard accepts, and draw it; cards without keep their design', () => {
    expect(card.image?.avif).toBe(avif(1, 640));
    expect(isPostCard(card)).toBe(true);
    expect(String(postCardHtml(card))).toContain('<picture><source type="image/avif"');
    const plain = toCard(siteSummary(2));
    expect(plain).not.toHaveProperty('image');
    expect(String(postCardHtml(plain))).not.toContain('<picture>');
  });

  it('are refused by the guard when the picture names files outside the library', () => {
    expect(isPostCard({ ...card, image: { ...card.image, src: 'https://evil.example/x.jpg' } })).toBe(false);
    expect(isPostCard({ ...card, image: { ...card.image, width: '1600' } })).toBe(false);
  });

  it('show the picture in Home’s featured block instead of the category art', () => {
    expect(String(featuredPostHtml(card))).toContain('<picture>');
    expect(String(featuredPostHtml(toCard(siteSummary(2))))).toContain('radial-gradient');
  });
});
