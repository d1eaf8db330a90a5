/**
 * What the local judge knows about a source from its URL alone: authority of the domain and
 * whether it is a known republisher (mirrors, scrapers, content aggregators). Lists are short on
 * purpose: they express well-known cases; everything else is neutral.
 */
import { ANY_CUE, CUE } from './cue-words.ts';

const AUTHORITATIVE: Record<string, number> = {
  'wikipedia.org': 0.8,
  'britannica.com': 0.85,
  'nature.com': 0.9,
  'science.org': 0.9,
  'nih.gov': 0.95,
  'who.int': 0.95,
  'arxiv.org': 0.8,
  'acm.org': 0.85,
  'ieee.org': 0.85,
  'nasa.gov': 0.95,
  'noaa.gov': 0.95,
  'developer.mozilla.org': 0.9,
  'docs.python.org': 0.9,
  'nodejs.org': 0.85,
  'rfc-editor.org': 0.95,
  'w3.org': 0.9,
  'github.com': 0.65,
  'stackoverflow.com': 0.7,
  'bbc.co.uk': 0.8,
  'reuters.com': 0.85,
  'apnews.com': 0.85,
  'nytimes.com': 0.8,
  'theguardian.com': 0.8,
  'sciencedirect.com': 0.8,
  'springer.com': 0.8,
  'plos.org': 0.85,
  'cdc.gov': 0.95,
  'europa.eu': 0.9,
  'un.org': 0.9,
  'mayoclinic.org': 0.85,
  'khanacademy.org': 0.8,
};

const LOW_AUTHORITY: Record<string, number> = {
  'pinterest.com': 0.2,
  'quora.com': 0.35,
  'answers.com': 0.25,
  'medium.com': 0.45,
  'reddit.com': 0.45,
  'blogspot.com': 0.35,
  'wordpress.com': 0.4,
  'tumblr.com': 0.3,
  'facebook.com': 0.3,
  'x.com': 0.3,
  'twitter.com': 0.3,
};

const REPUBLISHERS = new Set([
  'wikiwand.com',
  'wikizero.com',
  'wiki2.org',
  'everybodywiki.com',
  'dbpedia.org',
  'wikimili.com',
  'alchetron.com',
  'infogalactic.com',
  'justapedia.org',
  'scribd.com',
  'pdfcoffee.com',
  'studocu.com',
  'coursehero.com',
  'yumpu.com',
  'newsbreak.com',
  'msn.com',
  'flipboard.com',
  'ground.news',
  'pressreader.com',
  'archive.ph',
  'archive.today',
]);

const REPUBLISHED_TEXT =
  /\b(?:originally (?:published|appeared) (?:on|in|at)|this article (?:was|is) (?:republished|reprinted)|republished (?:from|with permission)|content is sourced from|via (?:reuters|ap|afp)\b)/i;

const WIKIPEDIA_TAGLINE = /\bfrom wikipedia, the free encyclopedia\b/i;

/** A word of each of REPUBLISHED_TEXT's alternatives, and of the tagline: cue-words.ts. */
export const REPUBLISHED_CUES = ['originally', 'article', 'republished', 'sourced', 'reuters', 'ap', 'afp'];
export const WIKIPEDIA_CUES = ['encyclopedia'];

/** A document of the operator's own corpus: its URL names no host. */
const isLocalDocument = (url: string): boolean => url.startsWith('local://') || url.startsWith('file://');

const SUSPICIOUS_TLD = /\.(?:xyz|top|click|loan|work|gq|cf|tk|ml|buzz|rest|icu|cam)$/;

/** Looks a domain (and its parents) up in a table: `en.wikipedia.org` finds `wikipedia.org`. */
function lookup(domain: string, table: Record<string, number>): number | undefined {
  const parts = domain.split('.');
  for (let i = 0; i < parts.length - 1; i += 1) {
    const value = table[parts.slice(i).join('.')];
    if (value !== undefined) return value;
  }
  return undefined;
}

export function authorityOf(domain: string, url: string): number {
  if (!domain) return isLocalDocument(url) ? 0.6 : 0.3;
  const known = lookup(domain, AUTHORITATIVE) ?? lookup(domain, LOW_AUTHORITY);
  if (known !== undefined) return known;
  if (/\.(?:gov|mil|int)(?:\.[a-z]{2})?$/.test(domain) || /\.gov\.[a-z]{2}$/.test(domain)) return 0.9;
  if (/\.(?:edu|ac\.[a-z]{2})$/.test(domain)) return 0.8;
  if (SUSPICIOUS_TLD.test(domain)) return 0.2;
  return url.startsWith('https://') ? 0.5 : 0.4;
}

/** `cues`: the cue words (cue-words.ts) of title and snippet, when the caller has them. */
export function isRepublisher(
  domain: string,
  url: string,
  title: string,
  snippet: string,
  cues: number = ANY_CUE,
): boolean {
  const parts = domain.split('.');
  for (let i = 0; i < parts.length - 1; i += 1) if (REPUBLISHERS.has(parts.slice(i).join('.'))) return true;
  if ((cues & (CUE.republished | CUE.wikipedia)) === 0) return false;
  const text = `${title} ${snippet}`;
  if ((cues & CUE.republished) !== 0 && REPUBLISHED_TEXT.test(text)) return true;
  // Wikipedia's own tagline is a copy only on a known host that is not Wikipedia: without a host (a document of a
  // local corpus) the text cannot tell the original from a mirror.
  return (
    (cues & CUE.wikipedia) !== 0 &&
    WIKIPEDIA_TAGLINE.test(text) &&
    domain !== '' &&
    !isLocalDocument(url) &&
    !domain.endsWith('wikipedia.org')
  );
}

export function domainLooksSpammy(domain: string): number {
  let spam = 0;
  if (SUSPICIOUS_TLD.test(domain)) spam += 0.35;
  if ((domain.match(/-/g) ?? []).length >= 3) spam += 0.2;
  if (/\d{3,}/.test(domain)) spam += 0.15;
  return spam;
}
