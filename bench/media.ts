/**
 * Image uploads on a real server (`pnpm bench media`): a 6000 × 4000 photo-like JPEG uploaded five times one after
 * another (the time from sending it to the answer, all its variants written; the server's peak RSS above its RSS
 * before, sampled every 20 ms from /proc), then 20 uploads sent at once while a reader keeps reading the post list
 * (its p50 and p99 during them, against the same reads before, in the same run).
 *
 *   node bench/media.ts
 */
import { readFileSync } from 'node:fs';
import { fmt, freshData, login, photo, startServer } from './lib.ts';

const rssOf = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

async function main(): Promise<void> {
  const data = await freshData('media');
  const server = await startServer({ dir: data.dir, port: 4397, env: { EMBEDDED_BUILDER: 'off' } });
  try {
    const cookie = await login(server.url);
    const upload = async (body: Buffer) => {
      const started = performance.now();
      const res = await fetch(`${server.url}/api/media`, {
        method: 'POST',
        headers: { Cookie: cookie, Origin: server.url, 'Content-Type': 'image/jpeg', 'X-File-Name': 'photo.jpg' },
        body: new Uint8Array(body),
      });
      await res.arrayBuffer();
      return { status: res.status, ms: performance.now() - started };
    };
    const images = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => photo(6000, 4000, i)));
    console.log(`test image: 6000 × 4000 JPEG, ${fmt(images[0]!.length / 1024)} KB`);
    await upload(await photo(1200, 800, 9)); // warm-up: sharp's first use loads its codecs

    const pid = server.proc.pid!;
    const before = rssOf(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 20);
    const times: number[] = [];
    for (const image of images.slice(1)) {
      const r = await upload(image);
      if (r.status !== 201) throw new Error(`upload answered ${r.status}`);
      times.push(r.ms);
    }
    clearInterval(sampler);

    // A reader reading the post list, one request after another, before and during 20 uploads sent at once.
    const reads = async (until: () => boolean) => {
      const out: number[] = [];
      while (!until()) {
        const t = performance.now();
        await (await fetch(`${server.url}/api/posts?published=true&limit=20`)).arrayBuffer();
        out.push(performance.now() - t);
      }
      return out;
    };
    const quietEnd = performance.now() + 3000;
    const quiet = await reads(() => performance.now() > quietEnd);
    let done = false;
    const [busy, answers] = await Promise.all([
      reads(() => done),
      Promise.all(Array.from({ length: 20 }, (_, i) => upload(images[i % images.length]!))).finally(
        () => (done = true),
      ),
    ]);
    const accepted = answers.filter((a) => a.status === 201).length;
    const refused = answers.filter((a) => a.status === 429).length;

    console.log('\nSummary');
    console.log(
      `upload of a 6000 × 4000 JPEG, all variants written (5 in a row): median ${fmt(median(times))} ms, ` +
        `${fmt(Math.min(...times))}–${fmt(Math.max(...times))} ms (budget ≤ 3,000 ms); server RSS ${fmt(before)} MiB before, ` +
        `peak ${fmt(peak)} MiB (+${fmt(peak - before)} MiB; budget ≤ +300 MiB)`,
    );
    console.log(
      `20 uploads at once: ${accepted} processed, ${refused} answered 429 (four at a time per instance); a reader's ` +
        `list reads meanwhile: p50 ${fmt(pct(busy, 0.5), 1)} ms, p99 ${fmt(pct(busy, 0.99), 1)} ms (${busy.length} reads), ` +
        `against p50 ${fmt(pct(quiet, 0.5), 1)} ms, p99 ${fmt(pct(quiet, 0.99), 1)} ms before (${quiet.length} reads)`,
    );
  } finally {
    await server.stop();
    data.cleanup();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
