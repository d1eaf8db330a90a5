import { approvalFields, signInLink } from './approval-fields.ts';
import type { Html } from './html.ts';
import { html, page } from './html.ts';
import type { Approval } from './operator-gate.ts';

export interface ConsentView {
  action: string;
  csrf: string;
  clientName: string;
  clientId: string;
  /** Hostname of a client identified by its metadata-document URL. */
  clientHost?: string;
  redirectUri: string;
  /** Every redirect URI of the client is on this machine (worth a warning for a URL-identified client). */
  localhostOnly: boolean;
  scopes: string[];
  resource: string;
  approval: Approval;
  error?: string;
}

const SCOPE_TEXT: Record<string, string> = {
  'search:read': 'search the web through this service (GET/POST /v1/search)',
  'mcp:invoke': "call this service's MCP server (/mcp)",
  'health:read': 'read the service health',
};

export function consentPage(view: ConsentView): string {
  const scopes: Html[] = view.scopes.map((s) => html`<li><code>${s}</code>: ${SCOPE_TEXT[s] ?? 'unknown scope'}</li>`);
  return page(
    'Approve access',
    html` ${view.error ? html`<p class="error" role="alert">${view.error}</p>` : ''}
      <p>
        <strong>${view.clientName}</strong> (<code>${view.clientId}</code>) asks for access to
        <code>${view.resource}</code>.
      </p>
      ${view.clientHost ? html`<p>This application is identified by a document on <strong>${view.clientHost}</strong>.</p>` : ''}
      ${view.localhostOnly && view.clientHost ? html`<p class="warn">It only redirects to this machine (localhost). Approve only if you started it yourself.</p>` : ''}
      <p>It asks to:</p>
      <ul>
        ${scopes.length ? scopes : html`<li>no scopes</li>`}
      </ul>
      <p>After approval the browser returns to <code>${view.redirectUri}</code>.</p>
      ${signInLink(view.approval, 'approve')}
      <form method="post" action="${view.action}">
        <input type="hidden" name="csrf" value="${view.csrf}" />
        ${approvalFields(view.approval)}
        ${view.approval.kind === 'sign-in' ? '' : html`<button type="submit" name="decision" value="approve">Approve</button>`}
        <button type="submit" name="decision" value="deny" formnovalidate>Deny</button>
      </form>`,
  );
}

export function messagePage(title: string, message: string, detail?: string): string {
  return page(
    title,
    html`<p>${message}</p>
      ${detail ? html`<p><code>${detail}</code></p>` : ''}`,
  );
}

/**
 * After the upstream sign-in: continue to the page that asked for it (a same-site navigation, so the Strict cookies
 * go along).
 */
export function signedInPage(who: string, next: string): string {
  return page(
    'Signed in',
    html`<p>Signed in as <strong>${who}</strong>.</p>
      <p><a href="${next}">Continue</a></p>`,
    next,
  );
}
