import { escapeHtml } from '../html.ts';
import type { SitePage } from '../layout.ts';

const block = (text: string): string => `<pre><code>${escapeHtml(text)}</code></pre>`;

/** `/developers`: the quick start for people wiring an agent to Rankgate: curl, MCP, OAuth. */
export function developersPage(baseUrl: string): SitePage {
  const mcpConfig = JSON.stringify(
    {
      mcpServers: {
        rankgate: {
          type: 'http',
          url: `${baseUrl}/mcp`,
          headers: { Authorization: 'Bearer <ACCESS_TOKEN or API key>' },
        },
      },
    },
    null,
    2,
  );
  return {
    title: 'Developer quick start',
    path: '/developers',
    description: 'Call Rankgate from curl, connect an MCP client, and obtain an OAuth access token.',
    body: `<h1>Developer quick start</h1>
<p>Rankgate answers a query with up to <code>k</code> ranked sources, each scored and screened for prompt injection.
Your agent writes the answer; read the top one or two sources before asking for more.</p>
<nav aria-label="On this page"><ul class="toc"><li><a href="#curl">Search with curl</a></li><li><a href="#mcp">Connect an MCP client</a></li>
<li><a href="#oauth">Get an OAuth access token</a></li><li><a href="#self-host">Run your own</a></li></ul></nav>

<section aria-labelledby="curl"><h2 id="curl">Search with curl</h2>
<p>No credential is needed to see the response shape:</p>
${block(`curl -s ${baseUrl}/v1/sandbox`)}
<p>A real search needs a credential: an OAuth access token with scope <code>search:read</code>, or the operator API key
(as a bearer token or as <code>X-API-Key</code>).</p>
${block(`curl -s -H "Authorization: Bearer $RANKGATE_TOKEN" \\
  '${baseUrl}/v1/search?q=how+do+tides+work&k=3'

curl -s -X POST -H "X-API-Key: $RANKGATE_API_KEY" -H 'Content-Type: application/json' \\
  -d '{"q": "how do tides work", "k": 3}' ${baseUrl}/v1/search`)}
<p>Each result carries <code>rank</code>, <code>title</code>, <code>url</code>, <code>domain</code>, <code>snippet</code>,
<code>score</code>, seven <code>signals</code>, the gate outcomes and <code>injection_risk</code>. Rows restored after every
candidate failed a gate carry <code>gates_relaxed: true</code>. Parameters: <code>q</code> (1-500 characters),
<code>k</code> (1-25, default 10), <code>max_candidates</code> (1-100, default 50), <code>mode</code> (<code>snip</code> or
<code>deep</code>), <code>rank</code> (<code>on</code> or <code>off</code>), <code>nocache</code>. See the
<a href="/docs#api-reference">API reference</a>; errors are <a href="/errors">problem details</a> with a <code>hint</code>.</p>
</section>

<section aria-labelledby="mcp"><h2 id="mcp">Connect an MCP client</h2>
<p>The MCP server speaks Streamable HTTP at <code>${escapeHtml(baseUrl)}/mcp</code> (also <code>/.well-known/mcp</code>) and offers the
tools <code>search_web</code> (with domain, date, country, language and safesearch filters) and <code>read_pages</code> (read and screen
pages you have the URLs of, like <code>POST /v1/extract</code>). Calling them needs scope <code>mcp:invoke</code>, and
<code>search:read</code> or the API key.
A client that supports remote servers takes a configuration like this:</p>
${block(mcpConfig)}
<p>Clients that do OAuth themselves find everything from the server's <code>401</code>: its <code>WWW-Authenticate</code> header
names <code>/.well-known/oauth-protected-resource</code>, which names this origin as the authorization server.</p>
</section>

<section aria-labelledby="oauth"><h2 id="oauth">Get an OAuth access token</h2>
<p>Rankgate is its own OAuth 2.0 authorization server (metadata at <code>/.well-known/oauth-authorization-server</code>).
There are no user accounts and no passwords. The full walk-through for agents is <a href="/auth.md">/auth.md</a>; in outline:</p>
<ol>
<li><strong>Register the agent.</strong> <code>POST /agent/identity</code> with <code>{"type": "anonymous"}</code> returns an
<code>identity_assertion</code>, a <code>claim_token</code> and a <code>claim_url</code>. An anonymous identity may use
<code>health:read</code> and <code>mcp:invoke</code> only.</li>
<li><strong>Exchange the assertion.</strong> <code>POST /oauth2/token</code> with
<code>grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer</code>, <code>assertion</code> and
<code>resource=${escapeHtml(baseUrl)}/</code> returns a bearer <code>access_token</code> valid for 3600 seconds.</li>
<li><strong>Let a person claim it for search.</strong> <code>POST /agent/identity/claim</code> with the <code>claim_token</code>
and an email starts a claim; the person confirms the <code>user_code</code> at <code>/oauth2/claim</code> while the agent polls
the token endpoint (honouring <code>interval</code>). Once claimed, <code>search:read</code> is available.</li>
<li><strong>Interactive apps</strong> use the authorization code flow with PKCE (<code>S256</code>, public client, no secret) at
<code>/oauth2/authorize</code>.</li>
<li><strong>Revoke</strong> with <code>POST /oauth2/revoke</code> (idempotent, 200).</li>
</ol>
</section>

<section aria-labelledby="self-host"><h2 id="self-host">Run your own</h2>
${block(`npm ci && npm start      # one process on http://127.0.0.1:8080; prints an operator API key
docker compose up --build --wait   # the split topology with Redis`)}
<p>Every setting is listed in the <a href="/docs/configuration">configuration guide</a>.</p>
</section>`,
  };
}
