import type { DomElement, DomNode } from './dom.ts';
import { ELEMENT_NODE, TEXT_NODE } from './dom.ts';

/** Elements that start a new line of text when rendered. */
const BLOCK = new Set(
  `ADDRESS ARTICLE ASIDE BLOCKQUOTE BR CAPTION DD DETAILS DIV DL DT FIGCAPTION FIGURE FOOTER FORM H1 H2 H3 H4 H5 H6
HEADER HR LI MAIN NAV OL P PRE SECTION SUMMARY TABLE TD TH TR UL`.split(/\s+/),
);
/** Elements whose content is never text a reader sees. */
const SKIP = new Set([
  'SCRIPT',
  'STYLE',
  'NOSCRIPT',
  'TEMPLATE',
  'SVG',
  'HEAD',
  'IFRAME',
  'OBJECT',
  'CANVAS',
  'BUTTON',
  'SELECT',
]);

/**
 * The text of `root` as a reader sees it: one line per block element, runs of spaces collapsed,
 * at most one blank line in a row. (`textContent` alone runs headings and paragraphs together.)
 */
export function blockText(root: DomNode): string {
  const parts: string[] = [];
  const walk = (node: DomNode): void => {
    if (node.nodeType === TEXT_NODE) {
      parts.push(node.textContent ?? '');
      return;
    }
    if (node.nodeType !== ELEMENT_NODE) return;
    const tag = (node as DomElement).tagName.toUpperCase();
    if (SKIP.has(tag)) return;
    const block = BLOCK.has(tag);
    if (block) parts.push('\n');
    for (const child of Array.from(node.childNodes)) walk(child);
    if (block) parts.push('\n');
  };
  walk(root);
  return parts
    .join('')
    .replace(/[\t\f\v\u00a0 ]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
