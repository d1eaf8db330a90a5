import type { SitePage } from '../layout.ts';

/** `/contact`: how to reach whoever runs this instance, and what to send (and never send). */
export function contactPage(): SitePage {
  return {
    title: 'Contact',
    path: '/contact',
    description: 'How to report a problem with this Rankgate instance, and what to include.',
    body: `<h1>Contact</h1>
<p>Rankgate is self-hostable: each instance is run by its own operator, who answers for it. There are no user accounts,
so there is no support login and nothing to reset.</p>
<h2 id="report">Report a problem</h2>
<p>Send the operator of this instance:</p>
<ul>
<li>the <code>request_id</code> from the error (every error body has one; the response header <code>X-Request-Id</code> carries the same value),</li>
<li>the time, the endpoint and the error <code>code</code>,</li>
<li>what you expected instead.</li>
</ul>
<p>Never send an API key, an access token or an identity assertion: the request id is enough to find the request in the logs.</p>
<h2 id="errors">Errors explained</h2>
<p>Most errors say what to do in their <code>hint</code>; each code also has <a href="/errors">its own page</a>.</p>
<h2 id="security">Security issues</h2>
<p>If you find a way around the safety gates, a leaked credential or an injection that reaches an agent unflagged, tell the
operator privately first and give them time to fix it before you publish.</p>
<h2 id="privacy">Your data</h2>
<p>What this instance logs and keeps is on the <a href="/privacy">privacy page</a>.</p>`,
  };
}
