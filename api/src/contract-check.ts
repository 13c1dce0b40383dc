/**
 * Holds an answer of the API to its contract (content-schema/api-contract): the test harness runs every answer the
 * API tests receive through `contractViolation`, so a route whose answer drifts from what the admin and the site
 * parse fails a test rather than a reader.
 */
import { appendFileSync } from 'node:fs';
import { z } from 'zod';
import { API_CONTRACT, type ApiRoute } from 'content-schema/api-contract';
import { ApiErrorBodySchema } from 'content-schema/api-error';
import { isFormType } from './lib/form-post.ts';

const ROUTES = (Object.keys(API_CONTRACT) as ApiRoute[]).map((route) => {
  const [method, path] = route.split(' ') as [string, string];
  const params = (path.match(/:/g) ?? []).length;
  const pattern = new RegExp(`^${path.replace(/:[A-Za-z]+/g, '[^/]+')}$`);
  return { route, method, pattern, params };
});

/** The contract's route for a request, the most specific first (`/messages/settings` before `/messages/:id`). */
export function contractRoute(method: string, path: string): ApiRoute | null {
  const matches = ROUTES.filter((r) => r.method === method && r.pattern.test(path)).sort((a, b) => a.params - b.params);
  return matches[0]?.route ?? null;
}

/** Where `raw` has a field the parsed value lost: a field the API sends that the contract does not declare. */
function undeclared(raw: unknown, parsed: unknown, at: string): string | null {
  if (Array.isArray(raw) && Array.isArray(parsed)) {
    for (let i = 0; i < raw.length; i++) {
      const found = undeclared(raw[i], parsed[i], `${at}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (raw && typeof raw === 'object' && parsed && typeof parsed === 'object' && !Array.isArray(raw)) {
    for (const [key, value] of Object.entries(raw)) {
      if (value === undefined) continue;
      if (!(key in parsed)) return `${at}.${key}`;
      const found = undeclared(value, (parsed as Record<string, unknown>)[key], `${at}.${key}`);
      if (found) return found;
    }
  }
  return null;
}

const checked = new Set<ApiRoute>();
/**
 * With CONTRACT_CHECKED_FILE set (scripts/test.sh), each route whose successful answer was checked is written there
 * once per test process, so the run can name any route no test exercised (scripts/contract-coverage.ts).
 */
function noteChecked(route: ApiRoute): void {
  const file = process.env.CONTRACT_CHECKED_FILE;
  if (!file || checked.has(route)) return;
  checked.add(route);
  appendFileSync(file, `${route}\n`);
}

/**
 * Why an answer breaks the contract, or null when it keeps it. Only `/api/` answers are held to it.
 * `requestType` is the request's Content-Type: a browser's form post (a reader form without JavaScript) is
 * answered for the browser to show, so its refusal may be an HTML page rather than the JSON error body.
 */
export function contractViolation(
  method: string,
  url: string,
  res: { status: number; headers: Headers },
  text: string,
  requestType?: string,
): string | null {
  const path = new URL(url, 'http://x').pathname;
  if (!path.startsWith('/api/')) return null;
  const what = `${method} ${path} → ${res.status}`;
  // An encoded body is checked as sent to clients that ask for it elsewhere; 304 has no body by definition.
  if (res.status === 304 || res.headers.get('Content-Encoding')) return null;
  // A redirect (a form post sent on to its confirmation page) names where to go and carries nothing else.
  if (res.status >= 300 && res.status < 400) {
    if (!res.headers.get('Location')) return `${what}: a redirect without a Location`;
    return text ? `${what}: a redirect with a body` : null;
  }
  if (res.status >= 400 && res.status < 500 && res.headers.get('Content-Type')?.startsWith('text/html')) {
    return isFormType(requestType) ? null : `${what}: an HTML error page answered a request that was not a form post`;
  }
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    return `${what}: the body is not JSON`;
  }
  if (res.status >= 400) {
    const parsed = ApiErrorBodySchema.safeParse(json);
    return parsed.success ? null : `${what}: the error body is not { error, issues? }: ${text.slice(0, 200)}`;
  }
  const route = contractRoute(method, path);
  if (!route) return `${what}: no entry in content-schema/api-contract`;
  noteChecked(route);
  const schema = API_CONTRACT[route];
  if (schema === null) return json === undefined ? null : `${what}: the contract says no body, and one was sent`;
  const parsed = (schema as z.ZodType).safeParse(json);
  if (!parsed.success) return `${what}: the answer breaks ${route}'s schema: ${z.prettifyError(parsed.error)}`;
  const extra = undeclared(json, parsed.data, '$');
  return extra ? `${what}: the answer has a field the contract does not declare: ${extra}` : null;
}
