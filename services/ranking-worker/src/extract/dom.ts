/**
 * The few DOM shapes extraction uses, typed here because the project compiles without the DOM lib.
 * linkedom implements them (and much more); parsing happens in one place, {@link parseDocument}.
 */
import { parseHTML } from 'linkedom';

export interface DomNode {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  parentNode: DomNode | null;
  childNodes: ArrayLike<DomNode>;
  remove(): void;
}

export interface DomElement extends DomNode {
  tagName: string;
  getAttribute(name: string): string | null;
  hasAttribute(name: string): boolean;
  querySelectorAll(selector: string): ArrayLike<DomElement>;
  querySelector(selector: string): DomElement | null;
}

export interface DomDocument extends DomNode {
  title: string;
  body: DomElement | null;
  documentElement: DomElement | null;
  querySelectorAll(selector: string): ArrayLike<DomElement>;
  querySelector(selector: string): DomElement | null;
  createTreeWalker(root: DomNode, whatToShow: number): { nextNode(): DomNode | null };
}

export const ELEMENT_NODE = 1;
export const TEXT_NODE = 3;
export const SHOW_COMMENT = 0x80;

/**
 * A parsed HTML document with its content in `body`. linkedom makes the first element of a bare
 * fragment (`<p>…`, Readability's `<div>` output) the document element, so a fragment is wrapped.
 */
export function parseDocument(html: string): DomDocument {
  const parsed = parseHTML(html).document as unknown as DomDocument;
  // Check the document element first: linkedom's `body` getter throws on an empty document.
  if (parsed.documentElement?.tagName.toUpperCase() === 'HTML' && parsed.body) return parsed;
  return parseHTML(`<!doctype html><html><head></head><body>${html}</body></html>`).document as unknown as DomDocument;
}
