/** The AI disclosure of an article, as the page, its structured data and the feeds state it. */
import { personaByName } from 'content-schema/personas';
import { aiDisclosureValue, disclosureSentence, involvesAi } from 'content-schema/provenance';
import type { SiteSummary } from 'content-schema/site-feed';

/** Where the methodology page explains how AI is used (linked from every disclosure). */
export const METHODOLOGY_AI_PATH = '/methodology#ai';

type Disclosed = Pick<SiteSummary, 'provenance' | 'authorName' | 'editedBy'>;

/** The AI disclosure of a post in words, or null for a human-written one. */
export function disclosureOf(post: Disclosed): string | null {
  if (!involvesAi(post.provenance)) return null;
  return disclosureSentence({
    provenance: post.provenance,
    authorName: post.authorName,
    editedBy: post.editedBy,
    personaName: personaByName(post.authorName)?.name ?? null,
  });
}

/** The `<meta name="ai-disclosure">` value of a post. */
export function aiDisclosureMeta(post: Disclosed): string {
  return aiDisclosureValue(post.provenance, post.editedBy);
}
