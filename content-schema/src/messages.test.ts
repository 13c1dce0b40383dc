import { describe, expect, it } from 'vitest';
import { MessageInputSchema, messageInputFromForm } from './messages.ts';

describe('messageInputFromForm: a form posted without JavaScript, read by the same schema as JSON', () => {
  const tip = {
    type: 'tip',
    subject: 'Permit',
    tip: 'Granted without a study.',
    urgency: 'high',
    contactInfo: 'me',
    website: '',
  };

  it.each([
    ['absent (the box not ticked)', {}, false],
    ['sent as the box’s value', { anonymous: 'true' }, true],
    ['sent as a browser’s default value', { anonymous: 'on' }, true],
    ['sent as false', { anonymous: 'false' }, false],
  ])('reads the anonymous box %s', (_what, box, anonymous) => {
    const input = MessageInputSchema.parse(messageInputFromForm({ ...tip, ...box }));
    expect(input).toMatchObject({ type: 'tip', anonymous, urgency: 'high' });
  });

  it('passes the page’s stamp through as text, and leaves it out unless sent', () => {
    expect(MessageInputSchema.parse(messageInputFromForm(tip)).stamp).toBeUndefined();
    expect(MessageInputSchema.parse(messageInputFromForm({ ...tip, stamp: '1795000000000.abc' })).stamp).toBe(
      '1795000000000.abc',
    );
    expect(
      MessageInputSchema.safeParse(messageInputFromForm({ ...tip, stamp: 'x'.repeat(201) })).error?.issues[0]?.message,
    ).toBe('Invalid form');
  });

  it('keeps the schema’s messages', () => {
    const result = MessageInputSchema.safeParse(
      messageInputFromForm({ type: 'contact', name: '', email: 'x', subject: 's', message: 'm' }),
    );
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'Full name is required',
      'Enter a valid email address',
    ]);
  });
});
