import { z } from 'zod';

export const CONTACT_TYPES = ['general', 'tip', 'correction', 'collaboration', 'press'] as const;
export const URGENCY_LEVELS = ['normal', 'high', 'urgent'] as const;

export const ContactFormSchema = z.object({
  name: z.string().trim().min(1, 'Full name is required'),
  email: z.email('Enter a valid email address'),
  subject: z.string().trim().min(1, 'Subject is required'),
  message: z.string().trim().min(1, 'Message is required'),
  type: z.enum(CONTACT_TYPES).default('general'),
});
export type ContactForm = z.infer<typeof ContactFormSchema>;

export const TipFormSchema = z.object({
  subject: z.string().trim().min(1, 'Story subject is required'),
  tip: z.string().trim().min(1, 'Detailed information is required'),
  source: z.string().optional(),
  contactInfo: z.string().optional(),
  anonymous: z.boolean().default(false),
  urgency: z.enum(URGENCY_LEVELS).default('normal'),
});
export type TipForm = z.infer<typeof TipFormSchema>;

export const CorrectionFormSchema = z.object({
  articleUrl: z.string().trim().min(1, 'Article URL is required'),
  correction: z.string().trim().min(1, 'Correction details are required'),
  source: z.string().optional(),
  contactInfo: z.string().optional(),
});
export type CorrectionForm = z.infer<typeof CorrectionFormSchema>;
