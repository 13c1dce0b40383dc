/**
 * Test support: a real SMTP server on loopback (the npm `smtp-server`, speaking SMTP on the wire) that keeps what
 * it receives, parsed with `mailparser`, and can refuse recipients with a chosen SMTP answer (a 550 for a bounce,
 * a 451 for a try-again). Used by the API's tests, the browser journeys and the benchmark.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The envelope's recipients, as the server accepted them. */
  to: string[];
  from: string;
  parsed: ParsedMail;
  /** The raw message, headers and all. */
  raw: string;
}

export interface SmtpSink {
  url: string;
  port: number;
  mails: ReceivedMail[];
  /** The answer to give a recipient (e.g. `{ code: 550, message: 'No such user' }`); none: accepted. */
  refuse(address: string, answer: { code: number; message: string } | null): void;
  /** Waits until `n` mails have arrived (or throws after `timeoutMs`). */
  waitFor(n: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  const refusals = new Map<string, { code: number; message: string }>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // Any user name and password: the tests check what is sent, not a provider's accounts.
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username });
    },
    allowInsecureAuth: true,
    onRcptTo(address, _session, callback) {
      const answer = refusals.get(address.address.toLowerCase());
      if (!answer) return callback();
      callback(Object.assign(new Error(answer.message), { responseCode: answer.code }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw)
          .then((parsed) => {
            mails.push({
              to: session.envelope.rcptTo.map((r) => r.address),
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              parsed,
              raw,
            });
            callback();
          })
          .catch(callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    mails,
    refuse(address, answer) {
      if (answer) refusals.set(address.toLowerCase(), answer);
      else refusals.delete(address.toLowerCase());
    },
    async waitFor(n, timeoutMs = 5000) {
      const until = Date.now() + timeoutMs;
      while (mails.length < n) {
        if (Date.now() > until) throw new Error(`expected ${n} mails, received ${mails.length}`);
        await new Promise((r) => setTimeout(r, 10));
      }
      return mails;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
