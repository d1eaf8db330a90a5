import type { Html } from './html.ts';
import { html } from './html.ts';
import type { Approval } from './operator-gate.ts';

/** Inside a form: the operator key field, or who is signed in; nothing when the person must sign in upstream first. */
export function approvalFields(approval: Approval): Html | '' {
  switch (approval.kind) {
    case 'key':
      return html`<label for="operator_key">Operator key</label
        ><input id="operator_key" name="operator_key" type="password" autocomplete="current-password" required />`;
    case 'signed-in':
      return html`<p>Signed in as <strong>${approval.who}</strong>.</p>`;
    case 'sign-in':
      return '';
  }
}

/** Before a form: the link to the upstream provider, when the person has not signed in yet. */
export function signInLink(approval: Approval, purpose: string): Html | '' {
  return approval.kind === 'sign-in'
    ? html`<p class="warn">Sign in to ${purpose}.</p>
        <p><a href="${approval.url}">Sign in with ${approval.provider}</a></p>`
    : '';
}
