import { describe, expect, it } from 'vitest';

import { decodeEntities, htmlDocumentToText, htmlTitle } from '@rankgate/ranking';
import { HIT_CLOSE, HIT_OPEN, MAX_QUERY_TERMS, queryTerms, snippetAround, toMatchExpression } from './search-text.ts';

const mark = (text: string, words: string[]) =>
  text.replace(new RegExp(`\\b(${words.join('|')})\\b`, 'gi'), `${HIT_OPEN}$1${HIT_CLOSE}`);

describe('queryTerms', () => {
  it('lower-cases, splits on punctuation, drops stopwords and duplicates', () => {
    expect(queryTerms('The cost of Solar-panels, and the COST of wind?')).toEqual(['cost', 'solar', 'panels', 'wind']);
  });

  it('keeps stopwords when the query has nothing else', () => {
    expect(queryTerms('To be, or not to be')).toEqual(['to', 'be', 'or', 'not']);
  });

  it('never lets FTS5 syntax through', () => {
    expect(toMatchExpression(queryTerms('NEAR(a b) "x" OR y* -z ^w'))).toBe(
      '"near" OR "b" OR "x" OR "y" OR "z" OR "w"',
    );
    expect(queryTerms('!!! ??? ...')).toEqual([]);
  });

  it(`keeps the first ${MAX_QUERY_TERMS} terms of a long query`, () => {
    const words = Array.from({ length: 100 }, (_, i) => `w${i}`);
    expect(queryTerms(words.join(' '))).toEqual(words.slice(0, MAX_QUERY_TERMS));
  });
});

describe('snippetAround', () => {
  const filler = (n: number) => Array.from({ length: n }, (_, i) => `filler${i}`).join(' ');

  it('returns short texts whole', () => {
    expect(snippetAround(mark('A short text about zebras.', ['zebras']), ['zebras'])).toBe(
      'A short text about zebras.',
    );
  });

  it('picks the window holding the most distinct query terms, not the start of the text', () => {
    const text = `${filler(60)} zebras appear here alone. ${filler(60)} Here zebras graze near acacia trees on the savanna. ${filler(60)}`;
    const snippet = snippetAround(mark(text, ['zebras', 'acacia']), ['zebras', 'acacia']);
    expect(snippet).toMatch(/^….*zebras graze near acacia.*…$/);
    expect(snippet.length).toBeLessThanOrEqual(302);
    expect(snippet.length).toBeGreaterThan(200);
    expect(snippet).not.toMatch(/filler\d*$/); // cut at a word boundary before the ellipsis
  });

  it('maps a stemmed hit to its query term', () => {
    const text = `${filler(80)} running runs runner ${filler(10)} cafes ${filler(80)}`;
    const snippet = snippetAround(mark(text, ['running', 'runs', 'runner', 'cafes']), ['run', 'cafe']);
    expect(snippet).toContain('running');
    expect(snippet).toContain('cafes');
  });

  it('starts at the beginning when nothing in the body matched (a title match)', () => {
    const text = `${filler(100)}`;
    expect(snippetAround(text, ['zebra'])).toMatch(/^filler0 filler1 .*…$/);
  });
});

describe('html text', () => {
  it('decodes named and numeric entities, leaves unknown ones', () => {
    expect(decodeEntities('a &amp; b &lt;c&gt; &#233;&#x00E9; &nosuch; &#0;')).toBe('a & b <c> éé &nosuch; \ufffd');
  });

  it('drops scripts, styles, comments and the head; blocks become lines', () => {
    const html = `<html><head><title>T</title><style>p{color:red}</style></head>
      <body><script>var secret = 1;</script><!-- note --><h1>Head&shy;line</h1><p>One <b>bold</b> word.</p><p>Two</p></body></html>`;
    const text = htmlDocumentToText(html);
    expect(text).toBe('Headline\n\nOne bold word.\n\nTwo'); // soft hyphens go: they would split the word
    expect(htmlTitle(html)).toBe('T');
    expect(htmlTitle('<body><h1>Only <em>heading</em></h1></body>')).toBe('Only heading');
  });
});
