/**
 * For the media tests: images made with sharp (and one PNG header written by hand), and an S3-protocol server
 * (s3rver) on loopback.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import S3rver from 's3rver';
import sharp from 'sharp';
import type { Media } from 'content-schema/media';

/** A photo-like JPEG `width` × `height` with EXIF (an author, a GPS position) and orientation 6 (turned a quarter). */
export async function phoneJpeg(width = 3000, height = 2000): Promise<Buffer> {
  // Noise, so the encoders have real work and the sizes are realistic.
  const noise = await sharp({
    create: { width, height, channels: 3, background: '#4a6', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  })
    .png()
    .toBuffer();
  return sharp(noise)
    .withMetadata({
      orientation: 6,
      exif: {
        IFD0: { Artist: 'Source Phone Owner', Copyright: 'zqexifmarker' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '59/1 20/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '18/1 4/1 0/1' },
      },
    })
    .jpeg({ quality: 85 })
    .toBuffer();
}

export const solid = (width: number, height: number, channels: 3 | 4 = 3) =>
  sharp({ create: { width, height, channels, background: channels === 4 ? '#0000' : '#357' } });

/** A two-frame GIF. */
export async function animatedGif(): Promise<Buffer> {
  const frames = await Promise.all(
    ['red', 'blue'].map((c) =>
      sharp({ create: { width: 8, height: 8, channels: 3, background: c } })
        .png()
        .toBuffer(),
    ),
  );
  return sharp(frames, { join: { animated: true } })
    .gif()
    .toBuffer();
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(8 + data.length + 4);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), 8 + data.length);
  return out;
}

/** A PNG that claims `width` × `height` pixels with almost no data: a decompression bomb's header. */
export function claimedPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An S3-protocol server on loopback with one empty `bucket`; its endpoint, and `close()` removing its files. */
export async function startS3(bucket: string): Promise<{ endpoint: string; close: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'media-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = (await server.run()) as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

type Call = (
  method: string,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) => Promise<{ status: number; json: unknown }>;

/** A solid JPEG uploaded through the API (`call`, signed in) under `name`, with `alt` text when given; the image. */
export async function uploadedImage(
  call: Call,
  name: string,
  { width = 1400, height = 900, alt = '' }: { width?: number; height?: number; alt?: string } = {},
): Promise<Media> {
  const res = await call('POST', '/api/media', await solid(width, height).jpeg().toBuffer(), {
    'X-File-Name': encodeURIComponent(name),
  });
  if (res.status !== 201) throw new Error(`upload of ${name} answered ${res.status}`);
  const image = res.json as Media;
  if (alt && (await call('PUT', `/api/media/${image.id}`, { alt })).status !== 200)
    throw new Error(`alt text of ${name} refused`);
  return image;
}
