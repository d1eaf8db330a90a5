import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { htmlDocumentToText, htmlToText, truncateText } from './html-text.ts';

// Provider snippets and pages are hostile input: whatever arrives, no tag of it survives into the
// text we hand on, and truncation keeps its bound. (Escaped markup such as `&lt;script&gt;` is
// text the page displays, so it is decoded on purpose; renderers must escape it, as ours does.)
const markup = fc
  .array(
    fc.oneof(
      fc.string({ maxLength: 20 }),
      fc.constantFrom(
        '<script>alert(1)</script>',
        '<b>',
        '</b>',
        '<a href="x">',
        '&amp;',
        '&quot;',
        '<!-- c -->',
        '<style>p{}</style>',
        '<',
        '>',
        '<img src=x onerror=y>',
        '\u0000',
      ),
    ),
    { maxLength: 30 },
  )
  .map((parts) => parts.join(''));

describe('html-text, for any input', () => {
  it('never throws and leaves no tag or script behind', () => {
    fc.assert(
      fc.property(markup, (html) => {
        for (const text of [htmlToText(html), htmlDocumentToText(html)]) {
          expect(text).not.toMatch(/<script|<img|<style/i);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('drops a tag left open at the end of the input, as a browser does', () => {
    expect(htmlToText('Tides <imG')).toBe('Tides');
    expect(htmlDocumentToText('<p>Tides</p><script src=x')).toBe('Tides');
  });

  it('truncateText never exceeds its bound', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 500 }), fc.integer({ min: 1, max: 300 }), (text, max) => {
        expect(truncateText(text, max).length).toBeLessThanOrEqual(max);
      }),
      { numRuns: 2000 },
    );
  });
});
