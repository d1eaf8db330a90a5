/** HTML text helpers for the server-rendered pages. Every interpolated value goes through `escapeHtml`. */
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);

/** Inline code spans in plain catalogue text (`like this`) become <code>. */
export const withCode = (text: string): string => escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');

/** A heading id the way GitHub makes one: lower case, punctuation dropped, spaces to hyphens. */
export const slugify = (text: string): string =>
  text
    .toLowerCase()
    .trim()
    .replace(/<[^>]*>/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

/**
 * A table that may be wider than the screen scrolls inside its own box. The box is a labelled,
 * focusable region so keyboard users can scroll it too (WCAG 2.1.1; axe scrollable-region-focusable).
 */
export const scrollableTable = (label: string, table: string): string =>
  `<div class="table-wrap" role="region" tabindex="0" aria-label="${escapeHtml(label)}">${table}</div>`;
