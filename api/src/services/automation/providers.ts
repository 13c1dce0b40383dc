import OpenAI, { APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { z } from 'zod';
import type { Env } from '../../env.ts';
import { AppError } from '../../lib/errors.ts';
import { composeOutline } from './offline-composer.ts';
import { buildPrompt, type WritingBrief } from './prompt.ts';

/** A writer turns a brief into a Markdown draft, or throws an AppError saying clearly why it could not. */
export interface WritingProvider {
  /** 'offline' or 'openai-compatible:{model}', recorded with every run. */
  readonly name: string;
  /** Whether the answer is an outline to complete rather than an article (the offline composer). */
  readonly outline: boolean;
  write(brief: WritingBrief): Promise<string>;
}

/** The offline composer as a provider. */
export const offlineProvider: WritingProvider = {
  name: 'offline',
  outline: true,
  write: async (brief) => composeOutline(brief),
};

/** The part of a chat-completions answer we use; anything else in it is ignored. */
const CompletionSchema = z.object({
  choices: z
    .array(
      z.object({
        finish_reason: z.string().nullish(),
        message: z.object({ content: z.string().nullish() }),
      }),
    )
    .min(1),
});

export interface OpenAiProviderOptions {
  baseURL: string;
  apiKey: string;
  model: string;
  /** Bound on the whole call, retries included. */
  timeoutMs: number;
  /** Retries of connection errors, 408/409/429 and 5xx answers, with the client's exponential backoff. */
  maxRetries?: number;
}

/**
 * An OpenAI-compatible chat-completions provider through the official client. One deadline bounds the whole
 * call (each attempt and the backoff between retries), so a slow model never holds a request longer than
 * LLM_TIMEOUT_MS; the answer is validated before anything is made of it.
 */
export function openAiProvider(options: OpenAiProviderOptions): WritingProvider {
  const client = new OpenAI({
    baseURL: options.baseURL,
    apiKey: options.apiKey,
    timeout: options.timeoutMs,
    maxRetries: options.maxRetries ?? 2,
  });
  const seconds = `${Math.round(options.timeoutMs / 100) / 10} s`;

  async function write(brief: WritingBrief): Promise<string> {
    const prompt = buildPrompt(brief);
    let raw: unknown;
    try {
      raw = await client.chat.completions.create(
        {
          model: options.model,
          messages: [
            { role: 'system', content: prompt.system },
            { role: 'user', content: prompt.user },
          ],
        },
        { signal: AbortSignal.timeout(options.timeoutMs) },
      );
    } catch (err) {
      if (err instanceof APIConnectionTimeoutError || err instanceof APIUserAbortError || isTimeout(err)) {
        throw new AppError(504, `The writing model did not answer within ${seconds}. Nothing was saved.`);
      }
      if (err instanceof APIError && err.status !== undefined) {
        throw new AppError(502, `The writing model refused the request (HTTP ${err.status}). Nothing was saved.`);
      }
      if (err instanceof APIError) {
        throw new AppError(502, 'The writing model could not be reached. Nothing was saved.');
      }
      throw new AppError(502, 'The writing model sent an answer that is not valid JSON. Nothing was saved.');
    }
    const parsed = CompletionSchema.safeParse(raw);
    if (!parsed.success) throw malformed('it is not a chat completion');
    const choice = parsed.data.choices[0]!;
    if (choice.finish_reason === 'length') throw malformed('it was cut off at the length limit');
    const content = unfence(choice.message.content ?? '');
    if (!content.trim()) throw malformed('it is empty');
    return content;
  }

  return { name: `openai-compatible:${options.model}`, outline: false, write };
}

function isTimeout(err: unknown): boolean {
  return err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
}

function malformed(why: string): AppError {
  return new AppError(502, `The writing model's answer was unusable: ${why}. Nothing was saved.`);
}

/** Models sometimes wrap the whole article in a ```markdown fence despite being told not to. */
function unfence(text: string): string {
  const m = /^\s*```(?:markdown|md)?\s*\n([\s\S]*?)\n```\s*$/i.exec(text);
  return (m ? m[1]! : text).trim();
}

/** The model provider when LLM_BASE_URL, LLM_API_KEY and LLM_MODEL are all set; otherwise the offline composer. */
export function providerFromEnv(
  env: Pick<Env, 'LLM_BASE_URL' | 'LLM_API_KEY' | 'LLM_MODEL' | 'LLM_TIMEOUT_MS'>,
): WritingProvider {
  if (env.LLM_BASE_URL && env.LLM_API_KEY && env.LLM_MODEL) {
    return openAiProvider({
      baseURL: env.LLM_BASE_URL,
      apiKey: env.LLM_API_KEY,
      model: env.LLM_MODEL,
      timeoutMs: env.LLM_TIMEOUT_MS,
    });
  }
  return offlineProvider;
}
