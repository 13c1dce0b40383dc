import { describe, expect, it } from 'vitest';
import { findUnfinished, unfinishedMessage, type Unfinished } from './unfinished.ts';

const NOTE = [
  '> **Outline draft.** Written without a language model by the offline composer. Every section lists the questions',
  '> to answer and what to research. Replace the prompts with verified writing of 4,000–5,500 words',
  '> in total, cite at least three independent sources, and remove this note before publishing.',
].join('\n');
const NOTE_TEXT =
  'Outline draft. Written without a language model by the offline composer. Every section lists the questions to answer and what to research. Replace the prompts with verified writing of 4,000–5,500 words in total, cite at least three independent sources, and remove this note before publishing.';

describe('findUnfinished', () => {
  it.each<[string, string, Unfinished | null]>([
    ['a finished article', '## Why\n\nGrid queues take years to clear [1].\n\n> A quote from a report.', null],
    ['an empty body', '', null],
    [
      'a model’s placeholders, with and without what to verify',
      'The thesis. [Source needed: queue statistics]\n\nMore [Source needed] and [source needed: case].',
      { parts: [{ kind: 'source-needed', count: 3 }], note: null },
    ],
    [
      'the outline’s prompts',
      '## Risks\n\n**Questions to answer:**\n\n- What could fail?\n\n## Outlook\n\n**Questions to answer:**\n\n- What next?',
      { parts: [{ kind: 'questions', count: 2 }], note: null },
    ],
    [
      'the Before Publishing checklist, ticked or not, but no other task list',
      '## Plan\n\n- [ ] Not the generator’s\n\n## Before Publishing\n\n- [ ] Sources checked\n- [x] Estimates labelled\n\n## After\n\n- [ ] Also not',
      { parts: [{ kind: 'checklist', count: 2 }], note: null },
    ],
    ['the generator’s note alone', `Intro.\n\n${NOTE}\n\nBody.`, { parts: [], note: NOTE_TEXT }],
    [
      'every kind at once, CRLF line ends',
      `${NOTE}\n\n## A\n\n**Questions to answer:**\n\n**Sources:** [Source needed: evidence]\n\n## Before Publishing\n\n- [ ] Done`.replace(
        /\n/g,
        '\r\n',
      ),
      {
        parts: [
          { kind: 'source-needed', count: 1 },
          { kind: 'questions', count: 1 },
          { kind: 'checklist', count: 1 },
        ],
        note: NOTE_TEXT,
      },
    ],
    [
      'markers quoted as code are not markers',
      'Drafts say `[Source needed]`.\n\n```md\n**Questions to answer:**\n[Source needed: x]\n```\n\n~~~\n> remove this note before publishing\n~~~',
      null,
    ],
    ['a quote that is not the generator’s note', '> Please remove this note, said nobody.', null],
    ['a link is not a placeholder', 'See [the source](https://example.com) and [Sources needed later].', null],
  ])('%s', (_, body, expected) => {
    expect(findUnfinished(body)).toEqual(expected);
  });

  it('reads a fence left open to the end as code', () => {
    expect(findUnfinished('```\n[Source needed]\n')).toBeNull();
    expect(findUnfinished('````\n```\n[Source needed]\n````\n[Source needed]')).toEqual({
      parts: [{ kind: 'source-needed', count: 1 }],
      note: null,
    });
  });
});

describe('unfinishedMessage', () => {
  it.each<[Unfinished, string]>([
    [
      { parts: [{ kind: 'source-needed', count: 1 }], note: null },
      'This draft is unfinished and cannot be published: it still holds 1 “[Source needed]” placeholder. Replace or remove them first.',
    ],
    [
      {
        parts: [
          { kind: 'source-needed', count: 12 },
          { kind: 'questions', count: 7 },
          { kind: 'checklist', count: 4 },
        ],
        note: 'Outline draft. Remove this note before publishing.',
      },
      'This draft is unfinished and cannot be published: it still holds 12 “[Source needed]” placeholders, 7 “Questions to answer” prompts and 4 “Before Publishing” checklist items, and the generator’s note “Outline draft. Remove this note before publishing.” Replace or remove them first.',
    ],
    [
      { parts: [], note: 'Outline draft, to be removed' },
      'This draft is unfinished and cannot be published: it still holds the generator’s note “Outline draft, to be removed”. Replace or remove them first.',
    ],
  ])('names every kind and the note', (unfinished, message) => {
    expect(unfinishedMessage(unfinished)).toBe(message);
  });
});
