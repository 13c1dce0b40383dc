import { describe, expect, it } from 'vitest';
import { AiWritersFormSchema, draftToPrefill } from './ai-writers-form.ts';

describe('AiWritersFormSchema', () => {
  it.each([
    [{ personaId: '', topic: 'EU AI Act' }, 'Please select a writer'],
    [{ personaId: 'sofia', topic: '   ' }, 'Topic is required'],
    [{ personaId: 'sofia', topic: 'x'.repeat(201) }, 'Topic must be at most 200 characters'],
  ])('refuses %j with “%s”', (form, message) => {
    const result = AiWritersFormSchema.safeParse(form);
    expect(result.success ? null : result.error.issues[0]?.message).toBe(message);
  });

  it('takes a chosen writer and a trimmed topic', () => {
    expect(AiWritersFormSchema.parse({ personaId: 'sofia', topic: '  EU AI Act ' })).toEqual({
      personaId: 'sofia',
      topic: 'EU AI Act',
    });
  });
});

describe('draftToPrefill', () => {
  it('hands the draft’s words to the editor as AI-generated, without the persona id', () => {
    const draft = {
      title: 'T',
      excerpt: 'E',
      content: 'C',
      category: 'Deep Dive',
      tags: ['a'],
      authorName: 'Sofia',
      readTime: 7,
      personaId: 'sofia',
    };
    expect(draftToPrefill(draft)).toEqual({
      title: 'T',
      excerpt: 'E',
      content: 'C',
      category: 'Deep Dive',
      tags: ['a'],
      authorName: 'Sofia',
      readTime: 7,
      provenance: 'ai-generated',
    });
  });
});
