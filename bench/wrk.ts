/**
 * HTTP load from wrk (a C load generator; Debian package `wrk`), for the benchmarks whose budgets are latencies of
 * the server: on 2 cores a JavaScript generator (autocannon) spends more CPU parsing 60 KB answers than the server
 * spends sending them, so its figures measure itself. wrk runs one thread here (`-t1`), and everything a load varies
 * per request (paths, bodies, a distinct simulated reader per beacon, a fixed rate) is done by a generated Lua
 * script. Each run is bounded by its duration, and the script prints its figures as one JSON line.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface WrkLoad {
  /** Origin (scheme, host and port) of the server. */
  url: string;
  /** One path, or a rotation of paths (request n asks for paths[n % length]). */
  paths: string[];
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** A rotation of bodies, like paths. */
  bodies?: string[];
  /** Each request from a distinct simulated reader: `X-Forwarded-For` counts up from this number (as 10.x.y.z). */
  firstReader?: number;
  connections?: number;
  /** Seconds. */
  duration: number;
  /** Requests a second over all connections, paced by a clock; the load runs flat out without it. */
  rate?: number;
  /** Count every answer's status (costs wrk a little per answer); otherwise only statuses ≥ 400 are counted. */
  statuses?: boolean;
}

export interface WrkResult {
  rps: number;
  /** Milliseconds, to 0.01. */
  p50: number;
  p99: number;
  /** Socket errors and timeouts. */
  errors: number;
  /** Answers with a status ≥ 400. */
  non2xx: number;
  /** Answers by status, when asked for. */
  statuses: Record<string, number>;
}

/** Fails with the way to install wrk when it is missing. */
export function requireWrk(): void {
  if (spawnSync('wrk', ['--version']).error)
    throw new Error('this benchmark needs wrk (a C load generator): apt-get install -y wrk');
}

/** A Lua string literal (JSON's escapes are Lua's for the ASCII these loads send). */
function lua(s: string): string {
  if (!/^[\x20-\x7e]*$/.test(s)) throw new Error(`wrk loads send printable ASCII only: ${JSON.stringify(s)}`);
  return JSON.stringify(s);
}

const luaList = (xs: string[]) => `{${xs.map(lua).join(',')}}`;

function script(load: WrkLoad): string {
  const headers = Object.entries(load.headers ?? {}).map(([k, v]) => `[${lua(k)}]=${lua(v)}`);
  return `
local paths = ${luaList(load.paths)}
local bodies = ${load.bodies ? luaList(load.bodies) : 'nil'}
local headers = {${headers.join(',')}}
local method = ${lua(load.method ?? 'GET')}
local reader = ${load.firstReader ?? -1}
local n = 0
request = function()
  n = n + 1
  if reader >= 0 then
    reader = reader + 1
    headers["X-Forwarded-For"] = string.format("10.%d.%d.%d", math.floor(reader / 65536) % 256, math.floor(reader / 256) % 256, reader % 256)
  end
  return wrk.format(method, paths[(n % #paths) + 1], headers, bodies and bodies[(n % #bodies) + 1] or nil)
end
${
  load.rate
    ? `-- A fixed rate: request k goes out at start + k / rate (on the monotonic clock), whichever connection is free.
local ffi = require("ffi")
ffi.cdef[[ typedef struct { long sec; long nsec; } nw_timespec; int clock_gettime(int, nw_timespec *); ]]
local ts = ffi.new("nw_timespec")
local function now_ms() ffi.C.clock_gettime(1, ts); return tonumber(ts.sec) * 1000 + tonumber(ts.nsec) / 1e6 end
local interval = ${1000 / load.rate}
local due
delay = function()
  local t = now_ms()
  due = (due or t) + interval
  return math.max(0, math.floor(due - t))
end`
    : ''
}
${
  load.statuses
    ? `counts = {}
local threads = {}
setup = function(thread) table.insert(threads, thread) end
response = function(status) counts[status] = (counts[status] or 0) + 1 end`
    : ''
}
done = function(summary, latency)
  local e = summary.errors
  local parts = {}
  ${load.statuses ? 'for _, t in ipairs(threads) do local c = t:get("counts"); for k, v in pairs(c) do table.insert(parts, string.format("\\"%d\\":%d", k, v)) end end' : ''}
  io.write(string.format('{"requests":%d,"us":%d,"p50":%d,"p99":%d,"errors":%d,"non2xx":%d,"statuses":{%s}}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    e.connect + e.read + e.write + e.timeout, e.status, table.concat(parts, ",")))
end
`;
}

/** Runs one load to its end. Several may run at once (each is its own process). */
export async function wrk(load: WrkLoad): Promise<WrkResult> {
  const dir = mkdtempSync(join(tmpdir(), 'northwire-wrk-'));
  try {
    const file = join(dir, 'load.lua');
    writeFileSync(file, script(load));
    const args = [
      '-t1',
      `-c${load.connections ?? 10}`,
      `-d${load.duration}s`,
      '--timeout',
      '10s',
      '-s',
      file,
      load.url,
    ];
    const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', resolve);
    });
    const line = out.split('\n').find((l) => l.startsWith('{"requests"'));
    if (code !== 0 || !line) throw new Error(`wrk failed (${code}):\n${out}`);
    const r = JSON.parse(line) as {
      requests: number;
      us: number;
      p50: number;
      p99: number;
      errors: number;
      non2xx: number;
      statuses: Record<string, number>;
    };
    const ms = (us: number) => Math.round(us / 10) / 100;
    return {
      rps: Math.round((r.requests * 1e6) / r.us),
      p50: ms(r.p50),
      p99: ms(r.p99),
      errors: r.errors,
      non2xx: r.non2xx,
      statuses: r.statuses,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
