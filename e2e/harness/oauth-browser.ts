/**
 * A person with a browser, for the OAuth pages: fetch with manual redirects and a cookie jar
 * (path-scoped, as a browser keeps them), plus reading a hidden form field from a page.
 */
export interface PageResult {
  status: number;
  headers: Headers;
  text: string;
  /** The Location header, resolved against the request URL. */
  location: string | undefined;
}

export class OAuthBrowser {
  private readonly cookies = new Map<string, { value: string; path: string }>();

  private remember(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const path = attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
      const gone = attributes.some((a) => /^max-age=0$/i.test(a) || /^expires=thu, 01 jan 1970/i.test(a));
      if (gone) this.cookies.delete(name);
      else this.cookies.set(name, { value: pair.slice(eq + 1), path });
    }
  }

  private cookieHeader(url: URL): string {
    return [...this.cookies]
      .filter(([, c]) => url.pathname.startsWith(c.path))
      .map(([name, c]) => `${name}=${c.value}`)
      .join('; ');
  }

  async request(url: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<PageResult> {
    const target = new URL(url);
    const cookie = this.cookieHeader(target);
    const response = await fetch(target, {
      method: init.method ?? (init.form ? 'POST' : 'GET'),
      redirect: 'manual',
      signal: AbortSignal.timeout(10_000),
      headers: {
        accept: 'text/html',
        ...(cookie ? { cookie } : {}),
        ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(init.form ? { body: new URLSearchParams(init.form).toString() } : {}),
    });
    this.remember(response);
    const location = response.headers.get('location');
    return {
      status: response.status,
      headers: response.headers,
      text: await response.text(),
      location: location ? new URL(location, target).href : undefined,
    };
  }

  get(url: string): Promise<PageResult> {
    return this.request(url);
  }

  post(url: string, form: Record<string, string>): Promise<PageResult> {
    return this.request(url, { form });
  }
}

/** The value of a hidden form field. */
export const formField = (page: string, name: string): string =>
  new RegExp(`name="${name}" value="([^"]*)"`).exec(page)?.[1] ?? '';
