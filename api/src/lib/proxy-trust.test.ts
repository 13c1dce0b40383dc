import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../env.ts';
import { clientAddress, parseTrustProxy, trustProxyWarning, type ProxyTrust } from './proxy-trust.ts';

function trust(value: string): ProxyTrust {
  const parsed = parseTrustProxy(value);
  if ('error' in parsed) throw new Error(parsed.error);
  return parsed.trust;
}

describe('the client behind trusted proxies (TRUST_PROXY as a list)', () => {
  it.each([
    // [TRUST_PROXY, socket peer, X-Forwarded-For, client]
    // A direct client is the peer, whatever it writes.
    ['10.0.0.0/8', '203.0.113.9', '198.51.100.1', '203.0.113.9'],
    ['10.0.0.0/8', '203.0.113.9', '10.0.0.5, 198.51.100.1', '203.0.113.9'],
    ['loopback', '203.0.113.9', undefined, '203.0.113.9'],
    // Behind a trusted proxy: the address it appended, not what the client wrote further left.
    ['10.0.0.0/8', '10.1.2.3', '198.51.100.1', '198.51.100.1'],
    ['10.0.0.0/8', '10.1.2.3', 'forged, 1.2.3.4, 198.51.100.1', '198.51.100.1'],
    ['127.0.0.1', '127.0.0.1', '198.51.100.1', '198.51.100.1'],
    ['127.0.0.1', '127.0.0.2', '198.51.100.1', '127.0.0.2'],
    // Two proxies (an edge and an internal balancer): walked from the right past each trusted one.
    ['10.0.0.0/8,192.0.2.10', '10.0.0.2', '198.51.100.1, 192.0.2.10', '198.51.100.1'],
    ['10.0.0.0/8,192.0.2.10', '10.0.0.2', '198.51.100.1, 192.0.2.11', '192.0.2.11'],
    // A client that claims to be a trusted proxy is walked past; the walk stops at the first untrusted address.
    ['10.0.0.0/8', '10.0.0.2', '198.51.100.1, 10.9.9.9', '198.51.100.1'],
    // Every hop trusted: the leftmost is the client.
    ['loopback', '127.0.0.1', '127.0.0.5', '127.0.0.5'],
    ['loopback', '127.0.0.1', undefined, '127.0.0.1'],
    // A trusted proxy that passes no usable address: one key for all such requests.
    ['loopback', '127.0.0.1', 'x'.repeat(60), 'invalid'],
    ['loopback', '127.0.0.1', '<script>', 'invalid'],
    // IPv6 peers and ranges.
    ['::1', '::1', '2001:db8::7', '2001:db8::7'],
    ['loopback', '::1', '2001:db8::7', '2001:db8::7'],
    ['fd00::/8', 'fd12::1', '2001:db8::7', '2001:db8::7'],
    ['fd00::/8', 'fe80::1', '2001:db8::7', 'fe80::1'],
    ['uniquelocal', 'fd12::1', '198.51.100.1', '198.51.100.1'],
    ['linklocal', 'fe80::1%eth0', '198.51.100.1', '198.51.100.1'],
    // IPv4-mapped IPv6 (a server listening on `::` sees IPv4 peers this way), in the peer or in the list.
    ['127.0.0.1', '::ffff:127.0.0.1', '198.51.100.1', '198.51.100.1'],
    ['loopback', '::ffff:127.0.0.1', '198.51.100.1', '198.51.100.1'],
    ['::ffff:127.0.0.1', '127.0.0.1', '198.51.100.1', '198.51.100.1'],
    ['::ffff:10.0.0.0/104', '10.2.3.4', '198.51.100.1', '198.51.100.1'],
    ['10.0.0.0/8', '::ffff:11.0.0.1', '198.51.100.1', '::ffff:11.0.0.1'],
    // Without a socket (a request made in-process) nothing is trusted.
    ['loopback', undefined, '198.51.100.1', 'unknown'],
  ])('TRUST_PROXY=%s, peer %s, X-Forwarded-For %s: the client is %s', (setting, peer, forwarded, client) => {
    expect(clientAddress(peer, forwarded, trust(setting))).toBe(client);
  });

  it('a rotated X-Forwarded-For from a peer that is not a trusted proxy is always the same client', () => {
    const rule = trust('10.0.0.0/8,loopback');
    const seen = new Set(Array.from({ length: 40 }, (_, i) => clientAddress('203.0.113.9', `198.51.100.${i}`, rule)));
    expect([...seen]).toEqual(['203.0.113.9']);
  });
});

describe('a number of hops (the older form, kept as it was)', () => {
  it.each([
    ['0', '203.0.113.9', '198.51.100.1', '203.0.113.9'],
    ['false', '203.0.113.9', '198.51.100.1', '203.0.113.9'],
    ['', '203.0.113.9', '198.51.100.1', '203.0.113.9'],
    ['1', '10.0.0.1', '198.51.100.1', '198.51.100.1'],
    ['true', '10.0.0.1', '198.51.100.1', '198.51.100.1'],
    ['1', '10.0.0.1', 'forged, 198.51.100.1', '198.51.100.1'],
    ['2', '10.0.0.1', 'forged, 198.51.100.1, 192.0.2.10', '198.51.100.1'],
    // The weakness the list removes: whoever the peer is, the entry it wrote is believed.
    ['1', '203.0.113.9', '198.51.100.77', '198.51.100.77'],
    ['1', undefined, undefined, 'invalid'],
    ['3', '10.0.0.1', '198.51.100.1', '198.51.100.1'],
  ])('TRUST_PROXY=%s, peer %s, X-Forwarded-For %s: the client is %s', (setting, peer, forwarded, client) => {
    expect(clientAddress(peer, forwarded, trust(setting))).toBe(client);
  });

  it('warns once at start when hops are counted, and not for a list or for no proxy', () => {
    expect(trustProxyWarning(trust('1'))).toMatch(/^Warning: TRUST_PROXY=1 counts proxy hops.*TRUST_PROXY=loopback/);
    expect(trustProxyWarning(trust('true'))).toMatch(/TRUST_PROXY=1 counts proxy hops/);
    expect(trustProxyWarning(trust('0'))).toBeNull();
    expect(trustProxyWarning(trust('loopback'))).toBeNull();
  });
});

describe('TRUST_PROXY in the environment', () => {
  it.each([
    ['127.0.0.1,10.0.0.0/8,loopback', ['127.0.0.1/32', '10.0.0.0/8', '127.0.0.0/8', '::1/128']],
    [' 192.0.2.1 , ::1 ', ['192.0.2.1/32', '::1/128']],
    ['2001:DB8::/32', ['2001:db8::/32']],
    ['uniquelocal', ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7']],
    ['0.0.0.0/0', ['0.0.0.0/0']],
  ])('%s lists the proxies %j', (setting, proxies) => {
    expect(loadEnv({ TRUST_PROXY: setting }).TRUST_PROXY).toMatchObject({ proxies });
  });

  it.each([
    ['0', 0],
    ['10', 10],
    ['true', 1],
    ['false', 0],
  ])('%s counts %i hops', (setting, hops) => {
    expect(loadEnv({ TRUST_PROXY: setting }).TRUST_PROXY).toEqual({ hops });
  });

  it('counts no proxy when unset', () => {
    expect(loadEnv({}).TRUST_PROXY).toEqual({ hops: 0 });
  });

  it.each([
    ['11', /number of proxy hops must be 0-10/],
    ['-1', /"-1" is not an IP address or range/],
    ['1.5', /"1.5" is not an IP address or range/],
    ['proxy.example', /"proxy.example" is not an IP address or range/],
    ['10.0.0.0/33', /"10.0.0.0\/33" has a prefix length outside 0-32/],
    ['::1/129', /"::1\/129" has a prefix length outside 0-128/],
    ['10.0.0.0/8/8', /is not an IP address or range/],
    ['10.0.0.0/', /has a prefix length outside/],
    ['300.0.0.1', /"300.0.0.1" is not an IP address or range/],
    ['127.0.0.1,,10.0.0.1', /an empty entry/],
    ['127.0.0.1, localhost', /"localhost" is not an IP address or range/],
    ['fe80::1%eth0', /is not an IP address or range/],
  ])('refuses %s at start with a clear message', (setting, message) => {
    expect(() => loadEnv({ TRUST_PROXY: setting })).toThrow(/Invalid environment:\n {2}TRUST_PROXY: /);
    expect(() => loadEnv({ TRUST_PROXY: setting })).toThrow(message);
  });
});

describe('the server at start', () => {
  /** Starts api/src/server.ts with this TRUST_PROXY; its output once it runs (or has exited), and its exit code. */
  async function start(trustProxy: string): Promise<{ output: string; code: number | null }> {
    const dir = mkdtempSync(join(tmpdir(), 'northwire-proxy-'));
    const port = await freePort();
    const proc = spawn(process.execPath, [resolve(import.meta.dirname, '../server.ts')], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dir,
        DATABASE_URL: `file:${join(dir, 'app.db')}`,
        ADMIN_PASSWORD: 'test-password-123',
        EMBEDDED_BUILDER: 'off',
        AUTOMATION_SCHEDULE: 'off',
        TRUST_PROXY: trustProxy,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    proc.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    proc.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number | null>((r) => proc.once('exit', (code) => r(code)));
    try {
      while (!output.includes('is running at') && proc.exitCode === null) await new Promise((r) => setTimeout(r, 50));
      if (proc.exitCode === null) proc.kill('SIGTERM');
      return { output, code: await exited };
    } finally {
      if (proc.exitCode === null) proc.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it('warns in one line when hops are counted, and runs', { timeout: 60_000 }, async () => {
    const { output } = await start('1');
    expect(output).toContain('is running at');
    expect(output.split('\n').filter((l) => l.includes('TRUST_PROXY'))).toEqual([trustProxyWarning({ hops: 1 })]);
  });

  it('says nothing about a list of proxies', { timeout: 60_000 }, async () => {
    const { output } = await start('loopback,10.0.0.0/8');
    expect(output).toContain('is running at');
    expect(output).not.toContain('TRUST_PROXY');
  });

  it('refuses a value that is neither, naming it', { timeout: 60_000 }, async () => {
    const { output, code } = await start('10.0.0.0/8,proxy.internal');
    expect(code).toBe(1);
    expect(output).toContain('Invalid environment:\n  TRUST_PROXY: "proxy.internal" is not an IP address or range.');
    expect(output).not.toContain('is running at');
  });
});

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => ok(port));
    });
    probe.once('error', fail);
  });
}
