import type { SitePage } from '../layout.ts';

/**
 * `/privacy`: what is logged and kept, and for how long. Kept accurate against the code: the one
 * request log line (shared/platform/src/http/create-service-app.ts), the redaction list (shared/platform/src/logger),
 * the discover cache TTL, the limiter window and the demo counter.
 */
export function privacyPage(): SitePage {
  return {
    title: 'Privacy',
    path: '/privacy',
    description: 'What Rankgate logs and stores, for how long, and who else sees a query. No accounts, no passwords.',
    body: `<h1>Privacy</h1>
<p>Rankgate creates no user accounts and stores no passwords. The website sets no cookies, runs no analytics and loads
nothing from other sites: every script, stylesheet and icon comes from this origin.</p>

<h2 id="logged">What is logged</h2>
<p>Each process writes one line per request to its standard output:</p>
<ul>
<li>the time, the service, the request id, the method, the status and the duration;</li>
<li>the request path <strong>with its query string</strong>: the text of a search sent with <code>GET</code> (as this page sends it) is in the log.</li>
</ul>
<p>Credentials are never written: the <code>Authorization</code>, <code>X-API-Key</code> and <code>Cookie</code> headers, the
internal token, and body fields such as <code>token</code>, <code>access_token</code>, <code>assertion</code>,
<code>claim_token</code>, <code>client_secret</code>, <code>password</code> and <code>key</code> are redacted. These lines do not
contain your IP address. A failure of the service itself is logged with its error, under the same request id.</p>
<p><strong>How long:</strong> Rankgate keeps no log files; lines leave the process as they are written. How long they are
kept after that is decided by the operator's log collection for this instance.</p>

<h2 id="stored">What is kept, and for how long</h2>
<div class="table-wrap" role="region" tabindex="0" aria-label="Data Rankgate keeps"><table><caption>Data Rankgate keeps</caption>
<thead><tr><th scope="col">What</th><th scope="col">Keyed by</th><th scope="col">How long</th></tr></thead>
<tbody>
<tr><td>Discover cache: the provider's candidates for a query</td><td>provider, normalised query, <code>max_candidates</code> (not by who asked)</td><td>5 minutes by default (<code>DISCOVER_CACHE_TTL_S</code>)</td></tr>
<tr><td>Burst rate limiter: the times of recent searches</td><td>client IP address</td><td>the sliding window, 60 seconds</td></tr>
<tr><td>Demo allowance counter (only when demo mode is on)</td><td>client IP address</td><td>no expiry: the allowance is for life</td></tr>
<tr><td>OAuth clients, authorization codes, agent registrations</td><td>client or identity</td><td>process memory, lost on restart</td></tr>
<tr><td>Access tokens (issued to agents, not stored by the website)</td><td>token id</td><td>valid for 3600 seconds</td></tr>
<tr><td>The API key you type into the search page</td><td>this browser tab</td><td>session storage of the tab: gone when the tab closes, never sent anywhere but this origin</td></tr>
</tbody></table></div>

<h2 id="others">Who else sees a query</h2>
<ul>
<li>The discover provider this instance is configured with (for example Wikipedia or Brave) receives the query text from
the server. It does not receive your IP address or your credential.</li>
<li>When the operator configures an LLM judge, it receives the query with the candidates' titles, URLs and snippets.</li>
<li>In <code>deep</code> mode the server fetches the best candidates' pages itself; those sites see the server, not you.</li>
</ul>
<p>Questions go to the operator of this instance: see <a href="/contact">Contact</a>.</p>`,
  };
}
