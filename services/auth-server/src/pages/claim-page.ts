import { approvalFields, signInLink } from './approval-fields.ts';
import { html, page } from './html.ts';
import type { Approval } from './operator-gate.ts';

export interface CodeEntryView {
  action: string;
  csrf: string;
  userCode: string;
  approval: Approval;
  error?: string;
}

/** Step 1: the person types the code the agent showed them (and proves to be the operator). */
export function codeEntryPage(view: CodeEntryView): string {
  return page(
    'Claim an agent identity',
    html` ${view.error ? html`<p class="error" role="alert">${view.error}</p>` : ''}
      <p>An agent asked you to confirm a code. Enter it to see which agent identity it claims.</p>
      ${signInLink(view.approval, 'confirm a code')}
      ${
        view.approval.kind === 'sign-in'
          ? ''
          : html`<form method="post" action="${view.action}">
              <input type="hidden" name="csrf" value="${view.csrf}" />
              <input type="hidden" name="step" value="lookup" />
              <label for="user_code">Code</label
              ><input
                id="user_code"
                name="user_code"
                value="${view.userCode}"
                autocomplete="off"
                autocapitalize="characters"
                placeholder="XXXX-XXXX"
                required
              />
              ${approvalFields(view.approval)}
              <button type="submit">Continue</button>
            </form>`
      }`,
  );
}

export interface ClaimConfirmView {
  action: string;
  csrf: string;
  userCode: string;
  registrationId: string;
  registrationType: string;
  registeredAt: string;
  email: string;
  scopes: string[];
}

/** Step 2: what is being claimed, and a confirm / deny choice. */
export function claimConfirmPage(view: ClaimConfirmView): string {
  return page(
    'Confirm the claim',
    html` <p>
        Agent identity <code>${view.registrationId}</code> (${view.registrationType}, registered ${view.registeredAt})
        asks to be claimed for <strong>${view.email}</strong>.
      </p>
      <p>Once confirmed, the agent can obtain tokens for: ${view.scopes.map((s) => html`<code>${s}</code> `)}</p>
      <form method="post" action="${view.action}">
        <input type="hidden" name="csrf" value="${view.csrf}" />
        <input type="hidden" name="user_code" value="${view.userCode}" />
        <button type="submit" name="step" value="confirm">Confirm</button>
        <button type="submit" name="step" value="deny">Deny</button>
      </form>`,
  );
}
