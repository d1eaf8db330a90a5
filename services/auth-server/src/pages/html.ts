/** Server-rendered pages: one layout, every interpolated value escaped. */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

const escapeHtml = (value: unknown): string => String(value).replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** A fragment that is already HTML (built from escaped parts). */
export class Html {
  readonly value: string;
  constructor(value: string) {
    this.value = value;
  }
  toString(): string {
    return this.value;
  }
}

/** Tagged template: interpolations are escaped unless they are {@link Html} (or arrays of it). */
export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    const parts = Array.isArray(value) ? value : [value];
    out += parts
      .map((part) =>
        part instanceof Html
          ? part.value
          : part === undefined || part === false || part === null
            ? ''
            : escapeHtml(part),
      )
      .join('');
    out += strings[i + 1] ?? '';
  });
  return new Html(out);
}

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:34rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a}
h1{font-size:1.4rem}code{background:#f2f2f2;padding:0 .25rem;border-radius:3px}
label{display:block;margin:.8rem 0 .2rem;font-weight:600}input{font:inherit;padding:.4rem;width:100%;box-sizing:border-box}
button{font:inherit;padding:.5rem 1rem;margin:1rem .5rem 0 0;cursor:pointer}.warn{background:#fff4e5;padding:.5rem;border-left:4px solid #e67e22}
.error{background:#fdecea;padding:.5rem;border-left:4px solid #c0392b}ul{padding-left:1.2rem}`;

/** A whole page; `refreshTo` adds a meta refresh there (no script: the pages' CSP allows none). */
export function page(title: string, body: Html, refreshTo?: string): string {
  const refresh = refreshTo ? `<meta http-equiv="refresh" content="0;url=${escapeHtml(refreshTo)}">` : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="no-referrer">${refresh}<title>${escapeHtml(title)} · Rankgate</title><style>${STYLE}</style></head>
<body><main><h1>${escapeHtml(title)}</h1>${body.value}</main></body></html>`;
}
