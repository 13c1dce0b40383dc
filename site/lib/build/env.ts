/**
 * The site build's environment, read once and validated. Nothing else in the site touches `process.env`.
 *
 * - `SITE_API_URL`: where the content loader fetches published posts (default: the local server).
 * - `SITE_URL`: the public origin used for canonical URLs, feeds, the sitemap and share links.
 * - `INCOMING_HOOK_BODY`: in a remote build started by the build hook, the change list it was sent.
 */
import { z } from 'zod';

const origin = (fallback: string) =>
  z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default(fallback)
    .transform((value) => value.replace(/\/+$/, ''));

const EnvSchema = z.object({
  SITE_API_URL: origin('http://127.0.0.1:4321'),
  SITE_URL: origin('http://localhost:4321'),
  /** The body of the build hook call that started a remote build (site/render/cli.ts). */
  INCOMING_HOOK_BODY: z.string().optional(),
});

export type SiteEnv = z.infer<typeof EnvSchema>;

/** Parses the given environment, throwing one error that lists every problem. */
export function parseEnv(source: Record<string, string | undefined>): SiteEnv {
  // Empty strings mean "unset", so the defaults apply (shell scripts often export VAR= ).
  const present = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = EnvSchema.safeParse(present);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
    throw new Error(`Invalid site environment:\n${problems}`);
  }
  return result.data;
}

export const env: SiteEnv = parseEnv({
  SITE_API_URL: process.env.SITE_API_URL,
  SITE_URL: process.env.SITE_URL,
  INCOMING_HOOK_BODY: process.env.INCOMING_HOOK_BODY,
});
