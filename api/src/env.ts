import { z } from 'zod';
import { parseTrustProxy } from './lib/proxy-trust.ts';

const optionalUrl = z
  .url()
  .optional()
  .or(z.literal('').transform(() => undefined));

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(4321),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().min(1).optional(),
  DATABASE_AUTH_TOKEN: z.string().optional(),
  /**
   * With a remote DATABASE_URL: keep an embedded replica in this file (reads cost a file read; writes go to the
   * primary). Unset: every query goes over the network.
   */
  DATABASE_REPLICA_PATH: z.string().min(1).optional(),
  /** Seconds between the replica's pulls: the bound within which other instances' writes are read here. */
  DATABASE_SYNC_INTERVAL: z.coerce.number<string>().min(0.1).max(3600).default(1),
  ADMIN_USERNAME: z.string().trim().min(1).max(100).default('admin'),
  ADMIN_PASSWORD: z.string().min(12, 'ADMIN_PASSWORD must be at least 12 characters').max(1000).optional(),
  SITE_URL: optionalUrl,
  SITE_API_URL: optionalUrl,
  BUILD_HOOK_URL: optionalUrl,
  EMBEDDED_BUILDER: z.enum(['on', 'off']).default('on'),
  /** The weekly automation slots; off for browser tests, whose results must not depend on the weekday. */
  AUTOMATION_SCHEDULE: z.enum(['on', 'off']).default('on'),
  ADMIN_DIST: z.string().default('./admin/dist'),
  /** The compiled site (`pnpm build:site`): the server bundle the warm renderer loads, and the public assets. */
  SITE_DIST: z.string().default('./dist'),
  /**
   * The proxies in front of the server whose X-Forwarded-For is believed: their addresses and ranges
   * (`127.0.0.1,10.0.0.0/8,loopback`), walked from the right (api/src/lib/proxy-trust.ts). The older form, a number
   * of hops, still works (the server warns at start); `true` reads as 1 and `false` as 0. Default 0: the socket's peer
   * is the client.
   */
  TRUST_PROXY: z
    .string()
    .default('0')
    .transform((value, ctx) => {
      const parsed = parseTrustProxy(value);
      if ('trust' in parsed) return parsed.trust;
      ctx.addIssue({ code: 'custom', message: parsed.error });
      return z.NEVER;
    }),
  /**
   * How long a verified session is trusted from memory before the database is asked again: the bound within which
   * a logout or an ended session on another instance takes effect here. 0 asks the database on every request.
   */
  SESSION_CACHE_MS: z.coerce.number<string>().int().min(0).max(60_000).default(5000),
  /**
   * Reader messages (contact, tip, correction) one address may send per 10 minutes. Raise it where many readers
   * share one address (a newsroom's own office behind NAT, the browser tests on one machine).
   */
  MESSAGES_PER_ADDRESS: z.coerce.number<string>().int().min(1).max(10_000).default(10),
  /**
   * Where the views beacon's counts are written: `thread` (a worker thread with its own database connection, so no
   * statement or commit runs on the thread answering requests) or `inline` (the server's own connection).
   */
  VIEWS_WRITER: z.enum(['thread', 'inline']).default('thread'),
  /** Further origins (comma-separated, e.g. the admin's dev server) whose writes are accepted besides SITE_URL's. */
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((s) =>
      s
        .split(',')
        .map((u) => u.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url().transform((u) => new URL(u).origin))),
  BACKUP_DIR: z.string().optional(),
  /** Comma-separated webhook URLs the workflow action social_share POSTs to; none → the step is skipped. */
  SOCIAL_WEBHOOK_URLS: z
    .string()
    .default('')
    .transform((s) =>
      s
        .split(',')
        .map((u) => u.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url())),
  /**
   * Forward each new reader message by email: an SMTP URL (`smtp://user:pass@host:587`, `smtps://…:465`) and the
   * address to send to. Both unset (or either): messages are only in the admin Inbox.
   */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, 'SMTP_URL must look like smtp://user:password@host:587 or smtps://…')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MESSAGES_FORWARD_TO: z
    .email('MESSAGES_FORWARD_TO must be an email address')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** The From of forwarded messages; default "Northwire website <no-reply@SITE_URL's host>". */
  MESSAGES_FORWARD_FROM: z
    .string()
    .min(3)
    .max(300)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * The From of mail to members (confirmations, newsletters); default "Northwire <newsletter@SITE_URL's host>".
   * Mail goes through SMTP_URL when it is set, else into the local outbox the admin opens (Mail outbox).
   */
  MAIL_FROM: z
    .string()
    .min(3)
    .max(300)
    .regex(/^[^\r\n]*$/, 'MAIL_FROM must be one line')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * Media files in an S3-compatible object store instead of DATA_DIR/media (several instances on several machines):
   * the endpoint (`https://s3.eu-north-1.amazonaws.com`, a MinIO or R2 address), the bucket, and credentials.
   * Requests are path-style (`{endpoint}/{bucket}/{file}`), signed with AWS Signature Version 4.
   */
  MEDIA_S3_ENDPOINT: optionalUrl,
  MEDIA_S3_BUCKET: z.string().min(3).max(63).optional(),
  MEDIA_S3_REGION: z.string().min(1).default('us-east-1'),
  MEDIA_S3_ACCESS_KEY_ID: z.string().optional(),
  MEDIA_S3_SECRET_ACCESS_KEY: z.string().optional(),
  LLM_BASE_URL: optionalUrl,
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().optional(),
  LLM_TIMEOUT_MS: z.coerce.number().int().min(1000).default(120_000),
  /** `on`: every answer names the instance that made it (X-Instance), for the tests behind a load balancer. */
  INSTANCE_HEADER: z.enum(['on', 'off']).default('off'),
});

export type Env = z.output<typeof EnvSchema> & { DATABASE_URL: string; SITE_URL: string; SITE_API_URL: string };

/** Parses the environment once; fails with a list of everything that is wrong. Nothing else reads process.env. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const s3 = [env.MEDIA_S3_ENDPOINT, env.MEDIA_S3_BUCKET, env.MEDIA_S3_ACCESS_KEY_ID, env.MEDIA_S3_SECRET_ACCESS_KEY];
  if (s3.some(Boolean) && !s3.every(Boolean))
    throw new Error(
      'Invalid environment:\n  MEDIA_S3_*: set MEDIA_S3_ENDPOINT, MEDIA_S3_BUCKET, MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY together',
    );
  const local = `http://${env.HOST === '0.0.0.0' ? '127.0.0.1' : env.HOST}:${env.PORT}`;
  return {
    ...env,
    DATABASE_URL: env.DATABASE_URL ?? `file:${env.DATA_DIR}/app.db`,
    SITE_URL: (env.SITE_URL ?? local).replace(/\/$/, ''),
    SITE_API_URL: (env.SITE_API_URL ?? local).replace(/\/$/, ''),
  };
}
