import { describe, expect, it } from 'vitest';
import { QUEUES, TopicFormSchema, toTopicInput } from './topic-form.ts';

describe('the topic queues', () => {
  it('offer one daily queue per weekday category, then Deep Dive', () => {
    expect(QUEUES.map((q) => q.value)).toEqual([
      'daily:Analysis Drop',
      'daily:Energy Future',
      'daily:Future Cities',
      'daily:Deal Watch',
      'deep-dive',
    ]);
    expect(QUEUES[0]!.label).toBe('Daily · Analysis Drop (Monday)');
  });
});

describe('TopicFormSchema', () => {
  it.each([
    ['', 'Topic is required'],
    ['too short', 'Topic must be at least 10 characters'],
    ['x'.repeat(201), 'Topic must be at most 200 characters'],
  ])('refuses %j with “%s”', (topic, message) => {
    const result = TopicFormSchema.safeParse({ queue: 'deep-dive', topic });
    expect(result.success ? null : result.error.issues[0]?.message).toBe(message);
  });
});

describe('toTopicInput', () => {
  it('adds a daily topic to its category’s queue', () => {
    expect(toTopicInput({ queue: 'daily:Deal Watch', topic: 'Nordic fintech rounds' })).toEqual({
      kind: 'daily',
      category: 'Deal Watch',
      topic: 'Nordic fintech rounds',
    });
  });

  it('adds a Deep Dive topic without a category', () => {
    expect(toTopicInput({ queue: 'deep-dive', topic: 'Grid storage in Sweden' })).toEqual({
      kind: 'deep-dive',
      topic: 'Grid storage in Sweden',
    });
  });
});
