/**
 * Which content coding a client gets: the one rule (RFC 9110, Accept-Encoding) for every place the API chooses one,
 * the compression of whole answers (compress.ts), the cached answers' bytes (routes/posts.ts) and the front cache's
 * key (front-cache.ts), so the front always replays the encoding the application would have chosen.
 */

/** The codings the API can send. */
export type Coding = 'br' | 'gzip' | 'deflate';

/** The codings of a cached answer, in the server's order of preference: brotli is the smaller. */
export const CACHED_CODINGS = ['br', 'gzip'] as const satisfies readonly Coding[];

/** A q-value as RFC 9110 writes it: 0 to 1, at most three decimals. */
const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/** The q-value of each coding the header names (lower case; `*` included); entries with a malformed q are dropped. */
function qValues(header: string): Map<string, number> {
  const named = new Map<string, number>();
  for (const entry of header.split(',')) {
    const [name, ...params] = entry.split(';');
    const coding = name!.trim().toLowerCase();
    if (!coding) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split('=');
      if (key!.trim().toLowerCase() !== 'q') continue;
      const text = (value ?? '').trim();
      q = QVALUE.test(text) ? Number(text) : NaN;
    }
    if (Number.isNaN(q)) continue;
    // x-gzip is gzip (RFC 9110); of two entries for one coding the first counts.
    const key = coding === 'x-gzip' ? 'gzip' : coding;
    if (!named.has(key)) named.set(key, q);
  }
  return named;
}

let last: { header: string; offered: readonly Coding[]; chosen: Coding | null } | null = null;

/**
 * The coding of `offered` (in the server's order of preference) this client accepts most, or null for none: the
 * answer goes as it is. q=0 refuses a coding; `*` stands for every coding the header does not name; of codings with
 * equal q the server's order decides; identity wins only when the client prefers it (a higher q than every offered
 * coding). No header, or an empty one, asks for no coding. A client that refuses identity too still gets identity
 * rather than a 406: every client can read it.
 */
export function negotiateEncoding<C extends Coding>(header: string | undefined, offered: readonly C[]): C | null {
  if (!header) return null;
  // Browsers send one header on every request: the last choice is the next one's, without parsing again.
  if (last && last.header === header && last.offered === offered) return last.chosen as C | null;
  const named = qValues(header);
  const any = named.get('*');
  let chosen: C | null = null;
  let best = 0;
  for (const coding of offered) {
    const q = named.get(coding) ?? any ?? 0;
    if (q > best) [chosen, best] = [coding, q];
  }
  const identity = named.get('identity') ?? any;
  if (chosen && identity !== undefined && identity > best) chosen = null;
  last = { header, offered, chosen };
  return chosen;
}

/** The coding of a cached answer this client gets (brotli, gzip or none). */
export const cachedEncoding = (header: string | undefined) => negotiateEncoding(header, CACHED_CODINGS);
