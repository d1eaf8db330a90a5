/**
 * Text a page keeps from its human readers but hands to machines: HTML comments, elements hidden by
 * CSS (`display:none`, `visibility:hidden`, off-screen positioning, zero size, transparency), the
 * `hidden` attribute, `aria-hidden`, zero-width characters and Unicode tag characters (which spell
 * invisible ASCII). Hidden text is where indirect prompt injection likes to live, so it is removed
 * from the readable text and handed to the injection detector on its own.
 */
import type { HiddenChannel } from '@rankgate/ranking/screening';

import type { DomDocument, DomElement } from './dom.ts';
import { SHOW_COMMENT } from './dom.ts';

export type HiddenKind =
  | 'comment'
  | 'display_none'
  | 'visibility_hidden'
  | 'off_screen'
  | 'hidden_attribute'
  | 'aria_hidden'
  | 'zero_width'
  | 'tag_characters';

interface HiddenFragment {
  kind: HiddenKind;
  text: string;
}

export interface HiddenText {
  /** Every hidden fragment, one per line. */
  text: string;
  kinds: HiddenKind[];
  /** The fragments one by one, so the detector can weigh each by where it was hidden. */
  fragments: HiddenFragment[];
}

/** The detector's channel for each way of hiding (`@rankgate/ranking/screening`). */
export const CHANNEL_OF: Record<HiddenKind, HiddenChannel> = {
  comment: 'html_comment',
  display_none: 'css_hidden',
  visibility_hidden: 'css_hidden',
  hidden_attribute: 'css_hidden',
  off_screen: 'off_screen',
  aria_hidden: 'aria_hidden',
  zero_width: 'zero_width',
  // Tag characters spell invisible ASCII: the decoded text travels like a zero-width payload.
  tag_characters: 'zero_width',
};

/** Declarations that hide an element, by the kind they are reported as. */
const HIDING_DECLARATIONS: [HiddenKind, RegExp][] = [
  ['display_none', /(?:^|;)display:none(?:!important)?(?:;|$)/],
  ['visibility_hidden', /(?:^|;)visibility:(?:hidden|collapse)/],
  // Pushed far outside the viewport, clipped away, squashed to nothing or fully transparent.
  [
    'off_screen',
    /(?:^|;)(?:left|top|right|bottom|text-indent|margin-left|margin-top):-\d{3,}(?:\.\d+)?(?:px|em|rem|pt|vw|vh|%)?/,
  ],
  ['off_screen', /(?:^|;)(?:clip:rect\(0(?:px)?,?0(?:px)?,?0(?:px)?,?0(?:px)?\)|clip-path:inset\(50%\))/],
  ['off_screen', /(?:^|;)transform:translate[xy]?\(-\d{3,}/],
  ['off_screen', /(?:^|;)(?:font-size|line-height):0(?:px|em|rem|pt|%)?(?:;|$|!)/],
  ['off_screen', /(?:^|;)opacity:0(?:\.0+)?(?:;|$|!)/],
  [
    'off_screen',
    /(?:^|;)(?:width|height|max-width|max-height):0(?:px)?(?:;|$|!)[^]*overflow:hidden|(?:^|;)overflow:hidden;[^]*(?:width|height):0(?:px)?(?:;|$|!)/,
  ],
];

/** Zero-width characters (space, joiners, word joiner, invisible operators, BOM, Mongolian vowel separator). */
const ZERO_WIDTH = /[\u200b-\u200d\u2060-\u2064\ufeff\u180e]/g;
const HAS_ZERO_WIDTH = /[\u200b-\u200d\u2060-\u2064\ufeff\u180e]/;
/** Unicode tag characters U+E0000-E007F: each mirrors an ASCII character, invisibly. */
const TAG_CHARACTERS = /[\u{e0000}-\u{e007f}]+/gu;

const normalise = (style: string): string => style.toLowerCase().replace(/\s+/g, '');

function hidingKind(style: string): HiddenKind | undefined {
  const declarations = normalise(style);
  return HIDING_DECLARATIONS.find(([, pattern]) => pattern.test(declarations))?.[0];
}

/** Selectors of `<style>` rules that hide, e.g. `.sr-only{position:absolute;left:-9999px}`. */
function hidingSelectors(document: DomDocument): [string, HiddenKind][] {
  const rules: [string, HiddenKind][] = [];
  for (const style of Array.from(document.querySelectorAll('style'))) {
    const css = (style.textContent ?? '').replace(/\/\*[^]*?\*\//g, '');
    for (const [, selectors = '', body = ''] of css.matchAll(/([^{}@]+)\{([^{}]*)\}/g)) {
      const kind = hidingKind(body);
      if (kind) rules.push([selectors.trim(), kind]);
    }
  }
  return rules;
}

function matching(document: DomDocument, selector: string): DomElement[] {
  try {
    return Array.from(document.querySelectorAll(selector));
  } catch {
    return []; // a selector linkedom cannot run (pseudo-classes and the like) hides nothing we can see
  }
}

const squash = (text: string): string => text.replace(/\s+/g, ' ').trim();

/**
 * Removes hidden content from `document` (mutating it) and returns it. Call before extracting the
 * readable text, so what a reader sees and what was hidden never mix.
 */
export function takeHiddenText(document: DomDocument): HiddenText {
  const fragments: HiddenFragment[] = [];
  const kinds = new Set<HiddenKind>();
  const record = (kind: HiddenKind, text: string): void => {
    const squashed = squash(text);
    if (!squashed) return;
    kinds.add(kind);
    fragments.push({ kind, text: squashed });
  };

  const comments = [];
  const walker = document.createTreeWalker(document, SHOW_COMMENT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) comments.push(node);
  for (const comment of comments) {
    record('comment', comment.textContent ?? '');
    comment.remove();
  }

  const hidden = new Map<DomElement, HiddenKind>();
  for (const [selector, kind] of hidingSelectors(document)) {
    for (const element of matching(document, selector)) if (!hidden.has(element)) hidden.set(element, kind);
  }
  for (const element of Array.from(document.querySelectorAll('[style]'))) {
    const kind = hidingKind(element.getAttribute('style') ?? '');
    if (kind) hidden.set(element, kind);
  }
  for (const element of Array.from(document.querySelectorAll('[hidden]'))) hidden.set(element, 'hidden_attribute');
  for (const element of Array.from(document.querySelectorAll('[aria-hidden="true"]')))
    hidden.set(element, 'aria_hidden');
  for (const [element, kind] of hidden) {
    // <style>, <script> and the like are not text a reader could see either way.
    if (['STYLE', 'SCRIPT', 'HEAD', 'HTML', 'BODY'].includes(element.tagName)) continue;
    if (!element.parentNode) continue; // inside an element already taken
    record(kind, element.textContent ?? '');
    element.remove();
  }
  return { text: fragments.map((fragment) => fragment.text).join('\n'), kinds: [...kinds], fragments };
}

/**
 * Strips invisible characters from visible text. Zero-width characters go (they split words to
 * slip past filters: "ig\u200bnore"); tag characters are decoded to the ASCII they mirror and
 * reported as hidden text.
 */
export function stripInvisibleCharacters(text: string): { text: string; hidden: HiddenText } {
  const kinds = new Set<HiddenKind>();
  const smuggled: string[] = [];
  let visible = text.replace(TAG_CHARACTERS, (run) => {
    kinds.add('tag_characters');
    smuggled.push(String.fromCodePoint(...Array.from(run, (char) => (char.codePointAt(0) ?? 0xe0000) - 0xe0000)));
    return '';
  });
  if (HAS_ZERO_WIDTH.test(visible)) {
    kinds.add('zero_width');
    visible = visible.replace(ZERO_WIDTH, '');
  }
  const fragments = smuggled
    .map(squash)
    .filter(Boolean)
    .map((fragment): HiddenFragment => ({ kind: 'tag_characters', text: fragment }));
  return {
    text: visible,
    hidden: { text: fragments.map((fragment) => fragment.text).join('\n'), kinds: [...kinds], fragments },
  };
}
