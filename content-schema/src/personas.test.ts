import { describe, expect, it } from 'vitest';
import { CATEGORIES } from './categories.ts';
import { AUTHOR_PROFILES, CATEGORY_TEMPLATES, EDITORIAL_TEAM, WRITER_PERSONAS, authorProfile } from './personas.ts';

describe('writer personas', () => {
  it('has exactly five personas with distinct ids, names and categories', () => {
    expect(WRITER_PERSONAS).toHaveLength(5);
    expect(new Set(WRITER_PERSONAS.map((p) => p.id)).size).toBe(5);
    expect(new Set(WRITER_PERSONAS.map((p) => p.name)).size).toBe(5);
    expect(new Set(WRITER_PERSONAS.map((p) => p.category)).size).toBe(5);
  });

  it('covers the five focuses with their categories', () => {
    const byCategory = Object.fromEntries(WRITER_PERSONAS.map((p) => [p.category, p.id]));
    expect(byCategory).toEqual({
      'Analysis Drop': 'ai-strategy',
      'News Slam': 'eu-policy',
      'Startup Radar': 'nordic-startups',
      'Deep Dive': 'blockchain',
      'Deal Watch': 'fintech',
    });
    for (const persona of WRITER_PERSONAS) {
      expect(CATEGORIES).toContain(persona.category);
      expect(persona.specializations.length).toBeGreaterThan(0);
    }
  });
});

describe('category templates', () => {
  it('every template has 5 to 8 sections and its own structure', () => {
    const templates = Object.values(CATEGORY_TEMPLATES);
    expect(templates).toHaveLength(7);
    for (const template of templates) {
      expect(template.structure.length).toBeGreaterThanOrEqual(5);
      expect(template.structure.length).toBeLessThanOrEqual(8);
      expect(new Set(template.structure).size).toBe(template.structure.length);
    }
    expect(new Set(templates.map((t) => t.structure.join('|'))).size).toBe(templates.length);
  });

  it('has a template for every persona category', () => {
    for (const persona of WRITER_PERSONAS) {
      expect(Object.keys(CATEGORY_TEMPLATES)).toContain(persona.category);
    }
  });
});

describe('authorProfile', () => {
  it('profiles are the five personas', () => {
    expect(AUTHOR_PROFILES.map((a) => a.name).sort()).toEqual(WRITER_PERSONAS.map((p) => p.name).sort());
  });

  it('describes a persona as an AI writer persona, without human credentials', () => {
    const profile = authorProfile('Dr. Astrid Lindqvist');
    expect(profile.kind).toBe('persona');
    expect(profile.title).toBe('AI writer persona, Analysis Drop');
    expect(profile.about).toMatch(/AI writer persona, not a person/);
    expect(profile.initials).toBe('AL');
    expect(profile.expertise.length).toBeGreaterThan(0);
    for (const p of AUTHOR_PROFILES) {
      expect(Object.keys(p)).not.toContain('credentials');
      expect(`${p.title} ${p.institution}`).not.toMatch(/PhD|MSc|CFA|Senior|Editor|Correspondent/);
    }
  });

  it('falls back to a generic profile with the first two letters as initials', () => {
    expect(authorProfile('jane doe')).toEqual({
      name: 'jane doe',
      kind: 'person',
      title: 'Technology Analyst',
      institution: 'Independent Consultant',
      expertise: [],
      about: '',
      initials: 'JA',
    });
    expect(authorProfile('x').initials).toBe('X');
  });
});

describe('editorial team', () => {
  it('lists the five personas, as personas', () => {
    expect(EDITORIAL_TEAM.founder.role).toMatch(/Editor-in-Chief/);
    expect(EDITORIAL_TEAM.writers.map((w) => w.name)).toEqual(WRITER_PERSONAS.map((p) => p.name));
    for (const w of EDITORIAL_TEAM.writers) expect(w.role).toMatch(/^AI writer persona/);
  });
});
