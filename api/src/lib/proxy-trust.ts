/**
 * Which `X-Forwarded-For` entries are believed (TRUST_PROXY), and so which address is the client's: the key of the
 * sign-in limits, the beacon limiter and the reader-message allowance.
 *
 * Each proxy appends the address it received the request from; everything further left was written by whoever sent
 * the request to it, so it is only as trustworthy as that sender. The rule, as Express's `trust proxy` takes a list:
 * start from the socket's peer and walk X-Forwarded-For from the right while the address at hand is a trusted proxy;
 * the first address that is not is the client. A client that reaches the server directly is the peer, whatever it
 * writes in the header.
 *
 * The older form, a number of hops, takes the address that many entries from the right whoever the peer is: right
 * only while the server cannot be reached except through exactly that many proxies. It is kept for configurations
 * that set one, and the server warns about it at start.
 */
import { BlockList, isIP } from 'node:net';

/** TRUST_PROXY, parsed: a number of proxy hops, or the proxies' addresses and ranges. */
export type ProxyTrust =
  | { readonly hops: number }
  | {
      /** The trusted addresses and ranges as configured (names expanded), for messages. */
      readonly proxies: readonly string[];
      /** The same, for lookups (matches IPv4-mapped IPv6 addresses against IPv4 ranges and back). */
      readonly list: BlockList;
    };

/** The hop count's bound: more proxies than this in front of one server is a configuration mistake. */
export const MAX_PROXY_HOPS = 10;

/** Express's names for the private ranges, as its `trust proxy` accepts them. */
const NAMED_RANGES: Readonly<Record<string, readonly string[]>> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

const HELP =
  "TRUST_PROXY takes the proxies' addresses or ranges, comma-separated (127.0.0.1, 10.0.0.0/8, ::1, loopback, " +
  'linklocal, uniquelocal), or a number of proxy hops (0-10)';

/** One configured address or range, as `address/prefix`, or why it is not one. */
function parseRange(entry: string): { range: string; family: 'ipv4' | 'ipv6' } | { error: string } {
  const [address = '', prefix, extra] = entry.split('/');
  const version = address.includes('%') ? 0 : isIP(address);
  if (!version || extra !== undefined) return { error: `"${entry}" is not an IP address or range. ${HELP}` };
  const max = version === 4 ? 32 : 128;
  if (prefix !== undefined && (!/^\d{1,3}$/.test(prefix) || Number(prefix) > max)) {
    return { error: `"${entry}" has a prefix length outside 0-${max}. ${HELP}` };
  }
  return { range: `${address}/${prefix ?? max}`, family: version === 4 ? 'ipv4' : 'ipv6' };
}

/** Parses TRUST_PROXY; a value that is neither a hop count nor a list of addresses is an error, with the reason. */
export function parseTrustProxy(value: string): { trust: ProxyTrust } | { error: string } {
  const text = value.trim().toLowerCase();
  // `true` and `false` read as they did when the setting was a switch.
  if (text === '' || text === 'false') return { trust: { hops: 0 } };
  if (text === 'true') return { trust: { hops: 1 } };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops <= MAX_PROXY_HOPS ? { trust: { hops } } : { error: `a number of proxy hops must be 0-10. ${HELP}` };
  }
  const proxies: string[] = [];
  const list = new BlockList();
  for (const entry of text.split(',').map((s) => s.trim())) {
    if (!entry) return { error: `an empty entry in "${value}". ${HELP}` };
    for (const named of NAMED_RANGES[entry] ?? [entry]) {
      const parsed = parseRange(named);
      if ('error' in parsed) return parsed;
      const [address, prefix] = parsed.range.split('/') as [string, string];
      list.addSubnet(address, Number(prefix), parsed.family);
      proxies.push(parsed.range);
    }
  }
  return { trust: { proxies, list } };
}

/** Whether an address is one of the trusted proxies (anything that is not an IP address is not). */
function trusted(list: BlockList, address: string): boolean {
  const version = isIP(address);
  return version !== 0 && list.check(address, version === 4 ? 'ipv4' : 'ipv6');
}

/** Whatever a proxy passes on is bounded before it becomes a limiter key or a log line. */
const bounded = (address: string) => (/^[0-9A-Fa-f:.]{2,45}$/.test(address) ? address : 'invalid');

/**
 * The client's address from the socket's peer and the request's `X-Forwarded-For`, as they arrived. Without a
 * peer (a request made in-process) the peer is `unknown`, never a trusted proxy.
 */
export function clientAddress(peer: string | undefined, forwardedFor: string | undefined, trust: ProxyTrust): string {
  if ('hops' in trust && trust.hops <= 0) return peer ?? 'unknown';
  const forwarded = (forwardedFor ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const chain = [...forwarded, peer ?? 'unknown'];
  if ('hops' in trust) return bounded(chain[Math.max(0, chain.length - 1 - trust.hops)]!);
  // From the peer leftwards, past every trusted proxy; when all are trusted, the leftmost is the client.
  let i = chain.length - 1;
  while (i > 0 && trusted(trust.list, chain[i]!)) i--;
  return i === chain.length - 1 ? (peer ?? 'unknown') : bounded(chain[i]!);
}

/** The one line the server prints at start when TRUST_PROXY counts hops instead of naming the proxies. */
export function trustProxyWarning(trust: ProxyTrust): string | null {
  if (!('hops' in trust) || trust.hops === 0) return null;
  return (
    `Warning: TRUST_PROXY=${trust.hops} counts proxy hops, so a client that reaches this server directly chooses ` +
    'its own address through X-Forwarded-For (and with it the sign-in, message and beacon limits). Set TRUST_PROXY ' +
    "to the proxies' addresses instead, e.g. TRUST_PROXY=loopback or TRUST_PROXY=10.0.0.0/8."
  );
}
