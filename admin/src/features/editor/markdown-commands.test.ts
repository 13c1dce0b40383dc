import { describe, expect, it } from 'vitest';
import {
  applyMarkdownCommand,
  insertBlock,
  shortcutCommand,
  type MarkdownCommand,
  type TextSelection,
} from './markdown-commands.ts';

/** Writes a selection as text with [ and ] marking it, e.g. 'say [hello] world'. */
function parse(marked: string): TextSelection {
  const start = marked.indexOf('[');
  const end = marked.indexOf(']') - 1;
  return { value: marked.replace('[', '').replace(']', ''), start, end };
}

function show({ value, start, end }: TextSelection): string {
  return `${value.slice(0, start)}[${value.slice(start, end)}]${value.slice(end)}`;
}

function run(marked: string, command: MarkdownCommand): string {
  return show(applyMarkdownCommand(parse(marked), command));
}

describe('inline formatting wraps the selection and keeps it selected', () => {
  it.each<[MarkdownCommand, string, string]>([
    ['bold', 'say [hello] world', 'say **[hello]** world'],
    ['italic', 'say [hello] world', 'say *[hello]* world'],
    ['code', 'call [fn()] now', 'call `[fn()]` now'],
    ['bold', 'say [hello ]world', 'say **[hello]** world'],
    ['bold', 'say[ hello] world', 'say **[hello]** world'],
  ])('%s: %s → %s', (command, input, output) => {
    expect(run(input, command)).toBe(output);
  });

  it.each<[MarkdownCommand, string, string]>([
    ['bold', 'x [] y', 'x **[bold text]** y'],
    ['italic', 'x [] y', 'x *[italic text]* y'],
    ['code', '[]', '`[code]`'],
  ])('%s with nothing selected inserts a selected placeholder', (command, input, output) => {
    expect(run(input, command)).toBe(output);
  });

  it.each<[MarkdownCommand, string, string]>([
    ['bold', 'say **[hello]** world', 'say [hello] world'],
    ['bold', 'say [**hello**] world', 'say [hello] world'],
    ['italic', 'say *[hello]* world', 'say [hello] world'],
    ['code', 'call `[fn()]` now', 'call [fn()] now'],
  ])('%s toggles off: %s → %s', (command, input, output) => {
    expect(run(input, command)).toBe(output);
  });

  it('italic inside bold adds a marker rather than unwrapping the bold', () => {
    expect(run('say **[hello]** world', 'italic')).toBe('say ***[hello]*** world');
  });
});

describe('links', () => {
  it('turns the selection into link text and selects the url placeholder', () => {
    expect(run('read [the docs] now', 'link')).toBe('read [the docs]([url]) now');
  });

  it('inserts placeholders with nothing selected', () => {
    expect(run('[]', 'link')).toBe('[link text]([url])');
  });

  it('uses a selected URL as the target and selects the text placeholder', () => {
    expect(run('see [https://example.com/a]', 'link')).toBe('see [[link text]](https://example.com/a)');
    expect(run('[/img/chart.png]', 'link')).toBe('[[link text]](/img/chart.png)');
  });
});

describe('insertBlock puts an image reference in a paragraph of its own, the caret after it', () => {
  const image = '![A chart](/media/42)';
  it.each([
    ['an empty body', '[]', '![A chart](/media/42)[]'],
    ['the end of a paragraph', 'Intro.[]', 'Intro.\n\n![A chart](/media/42)[]'],
    ['the middle of a line, which is split', 'One two[] three', 'One two\n\n![A chart](/media/42)[]\n\n three'],
    ['a blank line between paragraphs', 'One\n\n[]\n\nTwo', 'One\n\n![A chart](/media/42)[]\n\nTwo'],
    ['the start of a line', 'One\n[]Two', 'One\n\n![A chart](/media/42)[]\n\nTwo'],
    ['the start of the body', '[]Intro.', '![A chart](/media/42)[]\n\nIntro.'],
    ['the end of a selection, which stays', '[Intro].', 'Intro\n\n![A chart](/media/42)[]\n\n.'],
  ])('at %s', (_where, input, output) => {
    expect(show(insertBlock(parse(input), image))).toBe(output);
  });
});

describe('line prefixes (list, quote) act on every touched line', () => {
  it('prefixes the current line at the caret and keeps the caret beside its text', () => {
    expect(run('one\ntw[]o\nthree', 'list')).toBe('one\n- tw[]o\nthree');
    expect(run('one\ntw[]o', 'quote')).toBe('one\n> tw[]o');
  });

  it('prefixes each non-empty selected line and selects the block', () => {
    expect(run('intro\n[a\n\nb]\nend', 'list')).toBe('intro\n[- a\n\n- b]\nend');
    expect(run('x[ a\nb ]y', 'quote')).toBe('[> x a\n> b y]');
  });

  it('does not touch the line after a selection ending in a line break', () => {
    expect(run('[a\n]b', 'list')).toBe('[- a]\nb');
  });

  it('removes the prefix when every selected line has it', () => {
    expect(run('[- a\n- b]', 'list')).toBe('[a\nb]');
    expect(run('> quo[]ted', 'quote')).toBe('quo[]ted');
  });

  it('starts a list item on an empty line', () => {
    expect(run('text\n[]', 'list')).toBe('text\n- []');
  });
});

describe('shortcutCommand', () => {
  const press = (key: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey', boolean>> = {}) => ({
    key,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    shiftKey: false,
    ...mods,
  });

  it.each<[string, ReturnType<typeof press>, MarkdownCommand | null]>([
    ['Ctrl+B', press('b', { ctrlKey: true }), 'bold'],
    ['⌘+I', press('i', { metaKey: true }), 'italic'],
    ['Ctrl+E', press('E', { ctrlKey: true }), 'code'],
    ['Ctrl+K', press('k', { ctrlKey: true }), 'link'],
    ['B alone', press('b'), null],
    ['Ctrl+Shift+B', press('b', { ctrlKey: true, shiftKey: true }), null],
    ['Ctrl+Alt+B', press('b', { ctrlKey: true, altKey: true }), null],
    ['Ctrl+Z', press('z', { ctrlKey: true }), null],
  ])('%s → %s', (_name, keys, command) => {
    expect(shortcutCommand(keys)).toBe(command);
  });
});
