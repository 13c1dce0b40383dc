/**
 * `node bench/automation.ts`: the offline generation budget (≤ 200 ms), measured twice:
 * the generator alone (composer + title/excerpt/read-time derivation) and the whole HTTP call on the real
 * server (POST /api/automation/daily-post: topic reservation, generation, draft insert and topic consumption).
 * Ports 4430–4439 only.
 */
import { WRITER_PERSONAS } from 'content-schema/personas';
import { generateDraft } from '../api/src/services/automation/generator.ts';
import { offlineProvider } from '../api/src/services/automation/providers.ts';
import { freshData, login, startServer } from './lib.ts';

const BUDGET_MS = 200;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const max = (xs: number[]) => Math.max(...xs);
const ms = (n: number) => n.toFixed(1);

async function generatorAlone(): Promise<void> {
  const times: number[] = [];
  for (let i = 0; i < 60; i++) {
    const persona = WRITER_PERSONAS[i % WRITER_PERSONAS.length]!;
    const started = performance.now();
    await generateDraft(offlineProvider, {
      topic: `How Nordic district heating networks can absorb waste heat, variant ${i}`,
      category: i % 2 ? 'Deep Dive' : persona.category,
      purpose: i % 2 ? 'deep-dive' : 'daily',
      persona,
    });
    times.push(performance.now() - started);
  }
  console.log(
    `offline generation (generator only): first ${ms(times[0]!)} ms, median ${ms(median(times.slice(1)))} ms, max ${ms(max(times))} ms`,
  );
}

async function overHttp(): Promise<void> {
  const data = await freshData('automation');
  data.db.$client.close();
  const server = await startServer({ dir: data.dir, port: 4431, env: { EMBEDDED_BUILDER: 'off' } });
  try {
    const cookie = await login(server.url);
    const headers = { Origin: server.url, Cookie: cookie };
    const times: number[] = [];
    for (let i = 0; i < 40; i++) {
      const path = i % 4 === 3 ? 'weekly-deepdive' : 'daily-post';
      const started = performance.now();
      const res = await fetch(`${server.url}/api/automation/${path}`, { method: 'POST', headers });
      times.push(performance.now() - started);
      if (res.status !== 201) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    }
    const worst = max(times);
    console.log(
      `offline generation: ${ms(median(times))} ms (budget ${BUDGET_MS}) — median of 40 POST /api/automation/{daily-post,weekly-deepdive} ` +
        `on the real server, first ${ms(times[0]!)} ms, max ${ms(worst)} ms${worst > BUDGET_MS ? ' — OVER BUDGET' : ''}`,
    );
  } finally {
    await server.stop();
    data.cleanup();
  }
}

await generatorAlone();
await overHttp();
