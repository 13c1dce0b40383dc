import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The part of a chat-completions request the tests look at. */
export interface ChatRequest {
  model: string;
  messages: { role: string; content: string }[];
}

export type LlmReply = (req: { body: ChatRequest; attempt: number }, res: ServerResponse) => void;

/** A minimal OpenAI-compatible chat-completions server on 127.0.0.1 for tests; `reply` decides each answer. */
export async function startLlmServer(reply: LlmReply) {
  const requests: { path: string; authorization?: string | undefined; body: ChatRequest }[] = [];
  const sockets = new Set<import('node:net').Socket>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      const body = (text ? JSON.parse(text) : { model: '', messages: [] }) as ChatRequest;
      requests.push({ path: req.url ?? '', authorization: req.headers.authorization, body });
      reply({ body, attempt: requests.length }, res);
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A chat-completion answer with the given message content. */
export function completion(content: string, finishReason = 'stop') {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: 1_780_000_000,
    model: 'test-model',
    choices: [{ index: 0, finish_reason: finishReason, message: { role: 'assistant', content } }],
  };
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** A plausible model article: title, standfirst and sections. */
export const ARTICLE = [
  '# Grid queues decide where Nordic data centres go',
  '',
  'Connection queues, not chips, now set the pace for new data centres across the Nordic countries and beyond.',
  '',
  '## Executive Summary',
  '',
  'The thesis, stated plainly. [Source needed: queue statistics]',
  '',
  '## Context and Background',
  '',
  'Background text.',
].join('\n');
