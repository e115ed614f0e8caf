import { describe, expect, it } from '@jest/globals';
import { sampleDocx, sampleExecutable, samplePdf } from '../testing/sample-files.js';
import { chunkText, sentencesOf } from './chunker.js';
import { extractiveSummary } from './extractive-summary.js';
import { detectFileKind, looksLikeText } from './file-kind.js';

const text = (s: string) => new TextEncoder().encode(s);

describe('detectFileKind: by content, never by name', () => {
  it('names PDF, DOCX, text and Markdown from their bytes', async () => {
    expect(await detectFileKind(await samplePdf([['hello']]), 'a.pdf', 'application/pdf')).toEqual({
      ok: true,
      kind: 'pdf',
    });
    expect(await detectFileKind(await sampleDocx([{ paragraphs: ['hi'] }]), 'a.docx')).toEqual({
      ok: true,
      kind: 'docx',
    });
    expect(await detectFileKind(text('plain words'), 'notes.txt', 'text/plain')).toEqual({
      ok: true,
      kind: 'txt',
    });
    expect(await detectFileKind(text('# Title\n\nbody'), 'notes.md')).toEqual({ ok: true, kind: 'md' });
    // No extension: the content decides.
    expect(await detectFileKind(await samplePdf([['x']]), 'scan')).toEqual({ ok: true, kind: 'pdf' });
  });

  it('refuses programs, mismatches with the name or the declared type, and unknown binaries', async () => {
    expect(await detectFileKind(sampleExecutable(), 'report.pdf')).toMatchObject({
      ok: false,
      detected: /elf/,
    });
    expect(await detectFileKind(text('words'), 'photo.png')).toEqual({
      ok: false,
      detected: 'txt',
      declared: '.png',
    });
    expect(await detectFileKind(await samplePdf([['x']]), 'x.pdf', 'image/png')).toEqual({
      ok: false,
      detected: 'pdf',
      declared: 'image/png',
    });
    expect(await detectFileKind(text('words'), 'tool.exe')).toEqual({
      ok: false,
      detected: 'txt',
      declared: '.exe',
    });
    expect(await detectFileKind(new Uint8Array([0, 1, 2, 3, 200, 201]), 'x.txt')).toMatchObject({
      ok: false,
    });
  });

  it('takes only valid UTF-8 without control bytes as text', () => {
    expect(looksLikeText(text('héllo\tworld\r\n'))).toBe(true);
    expect(looksLikeText(new Uint8Array([0x68, 0x00, 0x69]))).toBe(false);
    expect(looksLikeText(new Uint8Array([0xc3, 0x28]))).toBe(false);
  });
});

describe('chunkText: by structure, with overlap', () => {
  it('never crosses a page or a heading, and keeps each within the size', () => {
    const chunks = chunkText(
      [
        { text: 'Page one first paragraph.\n\nPage one second paragraph.', page: 1 },
        { text: 'Page two only paragraph.', page: 2 },
      ],
      false,
      { size: 1000, overlap: 0 },
    );
    expect(chunks.map((c) => [c.index, c.page, c.text])).toEqual([
      [0, 1, 'Page one first paragraph. Page one second paragraph.'],
      [1, 2, 'Page two only paragraph.'],
    ]);
    // Facts are read from the paragraphs kept apart: a heading never runs into the sentence after it.
    expect(chunks[0]?.paragraphs).toBe('Page one first paragraph.\n\nPage one second paragraph.');
    const md = chunkText([{ text: '# Intro\n\nHello there.\n\n## Details\n\nMore text here.' }], true, {
      size: 1000,
      overlap: 0,
    });
    expect(md.map((c) => c.section)).toEqual(['Intro', 'Details']);
  });

  it('cuts long text between sentences, repeating the last sentences up to the overlap', () => {
    const sentences = Array.from({ length: 40 }, (_, i) => `Sentence number ${i} is here.`);
    const chunks = chunkText([{ text: sentences.join(' ') }], false, { size: 200, overlap: 60 });
    expect(chunks.length).toBeGreaterThan(5);
    for (const chunk of chunks) expect(chunk.text.length).toBeLessThanOrEqual(200);
    for (let i = 1; i < chunks.length; i++) {
      const previousLast = chunks[i - 1]?.text.split(/(?<=\.)\s/).pop() ?? '';
      const at = chunks[i]?.text.indexOf(previousLast) ?? -1;
      expect(at).toBeGreaterThanOrEqual(0);
      expect(at).toBeLessThan(60);
    }
    // Every sentence is somewhere.
    const all = chunks.map((c) => c.text).join(' ');
    for (const sentence of sentences) expect(all).toContain(sentence);
  });

  it('cuts a sentence longer than a chunk between words', () => {
    const long = Array.from({ length: 100 }, (_, i) => `word${i}`).join(' ');
    const chunks = chunkText([{ text: long }], false, { size: 120, overlap: 0 });
    expect(chunks.every((c) => c.text.length <= 120)).toBe(true);
    expect(chunks.map((c) => c.text).join(' ')).toBe(long);
  });

  it('does not end a sentence at a mark inside a token (a decimal, a version, a domain)', () => {
    expect(sentencesOf('It costs 3.5 euros in v1.2 at example.com today. Then "Go!" he said.')).toEqual([
      'It costs 3.5 euros in v1.2 at example.com today. ',
      'Then "Go!" ',
      'he said.',
    ]);
  });

  it('splits a long run of marks inside tokens in linear time', () => {
    const hostile = 'a.b'.repeat(200_000);
    expect(sentencesOf(hostile)).toEqual([hostile]);
  });
});

describe('extractiveSummary (TextRank)', () => {
  it('picks the central sentences, in the file order, within the length', () => {
    const doc = [
      'The orchard cooperative grows mangoes and pomegranates in the valley.',
      'Random aside about the weather being cloudy on Tuesday.',
      'The cooperative sells its mangoes at the harbour market every week.',
      'Pomegranates from the cooperative orchard failed after the frost.',
      'A cat walked past.',
    ].join(' ');
    const summary = extractiveSummary(doc, { sentences: 2, maxLength: 500 });
    expect(summary.split(/(?<=\.)\s/)).toHaveLength(2);
    expect(summary).toContain('cooperative');
    expect(summary).not.toContain('weather');
    expect(extractiveSummary(doc, { sentences: 5, maxLength: 80 }).length).toBeLessThanOrEqual(80);
  });
});
