/**
 * The hosts of one batch's results, each parsed and rated once: a batch often holds many results of one host (every
 * document of a local corpus, several pages of one site), and parsing a URL cost more than every other signal of the
 * source together.
 */
import { authorityOf, domainLooksSpammy } from './source-reputation.ts';
import { domainOf } from './text.ts';

const [PLUS, HYPHEN, DOT, SLASH, QUESTION, HASH] = [43, 45, 46, 47, 63, 35];
const isLetter = (code: number): boolean => (code >= 97 && code <= 122) || (code >= 65 && code <= 90);
const isDigit = (code: number): boolean => code >= 48 && code <= 57;

/**
 * Where a URL's scheme and host end when they are plain: an ASCII scheme, `//`, a host of ASCII letters, digits, dots
 * and hyphens (no user, password or port), then a path, query or fragment, or the end. The URL parser reads the host
 * from these characters alone, so URLs sharing them share their host name; -1 for any other URL.
 */
function plainOriginEnd(url: string): number {
  const schemeEnd = url.indexOf('://');
  if (schemeEnd <= 0 || !isLetter(url.charCodeAt(0))) return -1;
  for (let i = 1; i < schemeEnd; i += 1) {
    const code = url.charCodeAt(i);
    if (!isLetter(code) && !isDigit(code) && code !== PLUS && code !== DOT && code !== HYPHEN) return -1;
  }
  const hostStart = schemeEnd + 3;
  let i = hostStart;
  while (i < url.length) {
    const code = url.charCodeAt(i);
    if (!isLetter(code) && !isDigit(code) && code !== DOT && code !== HYPHEN) break;
    i += 1;
  }
  if (i === hostStart) return -1;
  if (i === url.length) return i;
  const next = url.charCodeAt(i);
  return next === SLASH || next === QUESTION || next === HASH ? i : -1;
}

export class BatchSources {
  /** Host names by the plain scheme and host they were read from. */
  private readonly domains = new Map<string, string>();
  /** Authority by host, for a URL that is not https (`http`) and one that is (`https`). */
  private readonly authority = new Map<string, { http: number; https: number }>();
  /** `domainLooksSpammy` by host. */
  private readonly spam = new Map<string, number>();

  /** `domainOf(url)`, read once per scheme and host. */
  domainOf(url: string): string {
    const end = plainOriginEnd(url);
    if (end < 0) return domainOf(url);
    const origin = url.slice(0, end);
    let domain = this.domains.get(origin);
    if (domain === undefined) {
      domain = domainOf(origin);
      this.domains.set(origin, domain);
    }
    return domain;
  }

  /**
   * `authorityOf(domain, url)`, rated once per host: of the URL, it reads only whether the URL is https (and, without a
   * host, whether it names a local document, rated at once).
   */
  authorityOf(domain: string, url: string): number {
    if (domain === '') return authorityOf(domain, url);
    let rated = this.authority.get(domain);
    if (rated === undefined) {
      rated = { http: authorityOf(domain, 'http://'), https: authorityOf(domain, 'https://') };
      this.authority.set(domain, rated);
    }
    return url.startsWith('https://') ? rated.https : rated.http;
  }

  /** `domainLooksSpammy(domain)`, read once per host. */
  domainSpam(domain: string): number {
    let spam = this.spam.get(domain);
    if (spam === undefined) {
      spam = domainLooksSpammy(domain);
      this.spam.set(domain, spam);
    }
    return spam;
  }
}
