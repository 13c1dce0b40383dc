/** The choices the reader forms offer (their bodies are in messages.ts). */
export const CONTACT_TYPES = ['general', 'tip', 'correction', 'collaboration', 'press'] as const;
export const URGENCY_LEVELS = ['normal', 'high', 'urgent'] as const;
