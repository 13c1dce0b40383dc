import { describe, expect, it } from 'vitest';
import { provenanceHint } from './provenance-field.tsx';

describe('provenanceHint', () => {
  it('says no disclosure is shown for a human-written post', () => {
    expect(provenanceHint('human', 'ada')).toBe('No AI disclosure is shown.');
  });

  it('says readers see the disclosure and saving records the editor, naming who edited it so far', () => {
    expect(provenanceHint('ai-assisted', null)).toBe(
      'Readers see an AI disclosure on the article. Saving records you as its editor.',
    );
    expect(provenanceHint('ai-generated', 'ada')).toBe(
      'Readers see an AI disclosure on the article; edited by ada. Saving records you as its editor.',
    );
  });
});
