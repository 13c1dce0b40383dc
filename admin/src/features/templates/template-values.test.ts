import { describe, expect, it } from 'vitest';
import { TemplateFormSchema, TemplateInputSchema, type Template } from 'content-schema/template';
import { asTemplateCategory, templateDefaults, templateToPrefill, toTemplateInput } from './template-values.ts';

const form = {
  name: 'Weekly',
  category: 'Deep Dive' as const,
  title: '[Topic]',
  content: '# [Topic]',
  tags: ' AI ,, EU , AI',
  readTime: 8,
};

describe('template values', () => {
  it('split, trim and de-duplicate the comma-separated tags', () => {
    expect(toTemplateInput(form).tags).toEqual(['AI', 'EU']);
  });

  it('make a body the API accepts', () => {
    expect(TemplateInputSchema.safeParse(toTemplateInput(form)).success).toBe(true);
  });

  it.each([
    ['name', '', 'Template name is required'],
    ['category', '', 'Category is required'],
    ['title', ' ', 'Title template is required'],
    ['content', '', 'Content template is required'],
    ['readTime', 0, 'Read time must be at least 1 minute'],
  ])('reject %s = %j with “%s”', (field, value, message) => {
    const result = TemplateFormSchema.safeParse({ ...form, [field]: value });
    expect(result.error?.issues.find((i) => i.path[0] === field)?.message).toBe(message);
  });

  it('load title, content, category, tags and read time into the editor', () => {
    const template: Template = {
      id: 1,
      name: 'n',
      category: 'Deep Dive',
      title: 't',
      content: 'c',
      tags: ['x'],
      readTime: 12,
      usageCount: 5,
    };
    expect(templateToPrefill(template)).toEqual({
      title: 't',
      content: 'c',
      category: 'Deep Dive',
      tags: ['x'],
      readTime: 12,
    });
  });
});

describe('the template form starts', () => {
  it('a new template in Analysis Drop, with a 5-minute read', () => {
    expect(templateDefaults(null)).toEqual({
      name: '',
      category: 'Analysis Drop',
      title: '',
      content: '',
      tags: '',
      readTime: 5,
    });
  });

  it('with a template’s fields, its tags as comma-separated text', () => {
    const template: Template = {
      id: 2,
      name: 'Weekly',
      category: 'Deep Dive',
      title: '[Topic]',
      content: '# [Topic]',
      tags: ['AI', 'EU'],
      readTime: 8,
      usageCount: 0,
    };
    expect(templateDefaults(template)).toEqual({
      name: 'Weekly',
      category: 'Deep Dive',
      title: '[Topic]',
      content: '# [Topic]',
      tags: 'AI, EU',
      readTime: 8,
    });
  });

  it('without a category it no longer knows, so the form asks for one', () => {
    expect(asTemplateCategory('Gardening')).toBeUndefined();
    expect(asTemplateCategory('Deal Watch')).toBe('Deal Watch');
  });
});
