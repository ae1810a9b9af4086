import { define, defineElement } from './define';
import { SshKeys } from '../src/features/ssh-keys/SshKeys';
import { sshKeysCss } from '../src/features/ssh-keys/ssh-keys.css';

/** SSH public keys: list, add (with live validation and a fingerprint preview computed in the
 * browser), edit title / scope / expiry, delete. Calls go to `/codeup/api/v3/user/keys` under the
 * flavour's SSH proxy prefix: `/uiless/proxy` normally, none with `flavour="global"`.
 *
 * The element always renders. Whether the SSH section is offered at all (§2: only when the
 * code-hosting app is installed, always in the global flavour) is the settings shell's decision;
 * a host embedding this element directly makes that call itself.
 * @tag yx-ssh-keys
 * @summary The user's SSH public keys: list, add, edit and delete.
 * @attr flavour - also picks the API path: `global` sends the calls without the `/uiless/proxy` prefix
 * @fires yx-ssh-key-add - a key was added; detail: { id, title, fingerprint }
 * @fires yx-ssh-key-update - a key's title, scope or expiry changed; detail: { id }
 * @fires yx-ssh-key-delete - a key was deleted; detail: { id }
 * @fires yx-session-end - a call found the session ended (401 `unauthenticated`); cancelable (the element then goes to `detail.url`, the sign-in page with `nextUrl`); detail: { url }
 * @csspart ssh-keys - the whole element (`data-status` idle | loading | ready | error)
 * @csspart ssh-key-list - the list screen
 * @csspart title - the page heading
 * @csspart intro - the sentence under the heading
 * @csspart table - the key table (`data-status` loading | empty | ready)
 * @csspart table-header - a column heading
 * @csspart table-row - one key
 * @csspart table-empty - the cell shown when there are no keys
 * @csspart key-title - a key's name
 * @csspart fingerprint - a key's `SHA256:…` fingerprint (in the table and in the form)
 * @csspart scope - a key's scope (`data-scope` all | read)
 * @csspart expiry - a key's expiry (`data-state` valid | expired | never-expires)
 * @csspart badge - the "Expired" badge
 * @csspart last-used - when a key was last used (`data-state="never"` when never)
 * @csspart result - the empty or error panel
 * @csspart result-icon - the panel's icon
 * @csspart result-title - the panel's title
 * @csspart result-description - the panel's explanation
 * @csspart result-actions - the panel's buttons
 * @csspart skeleton - the loading placeholder
 * @csspart drawer - the add / edit drawer
 * @csspart drawer-header - its heading row
 * @csspart drawer-title - its title
 * @csspart drawer-body - its body
 * @csspart drawer-footer - its buttons
 * @csspart overlay - the backdrop behind the drawer or the confirmation
 * @csspart close-button - the × of the drawer
 * @csspart ssh-key-form - the form in the drawer
 * @csspart form-error - why the last save failed
 * @csspart field - each field: label, control, hint and error
 * @csspart label - a field's label
 * @csspart required - the required mark of a label
 * @csspart input - a text box
 * @csspart textarea - the key box
 * @csspart counter - the key box's character count
 * @csspart hint - a field's help text
 * @csspart error - a field's error message
 * @csspart fingerprint-preview - the fingerprint of the key being added
 * @csspart key-help - how to generate a key, with the command
 * @csspart help-command - the `ssh-keygen` command
 * @csspart radio-group - the scope choice
 * @csspart legend - its legend
 * @csspart radio - one scope
 * @csspart expiry-group - the expiry fieldset of the form
 * @csspart checkbox - "Never expires" (`data-state` checked | unchecked)
 * @csspart checkbox-label - its label
 * @csspart date-input - the expiry day (`data-status` invalid when the day is refused)
 * @csspart date-error - why the day is refused
 * @csspart date-hint - the chosen day written YYYY-MM-DD ("Expires on 2026-12-24")
 * @csspart expiry-error - why the expiry is refused
 * @csspart confirm - the delete confirmation (`role="alertdialog"`)
 * @csspart confirm-header - its heading row
 * @csspart confirm-title - its title
 * @csspart confirm-description - its message
 * @csspart confirm-body - its body
 * @csspart confirm-footer - its buttons
 * @csspart button - every button
 * @csspart add-button - Add SSH key
 * @csspart edit-button - edits a key
 * @csspart delete-button - deletes a key
 * @csspart copy-button - copies the `ssh-keygen` command
 * @csspart submit-button - saves the form
 * @csspart cancel-button - Cancel (the drawer or the confirmation)
 * @csspart confirm-button - the confirmation's OK */
export class YxSshKeys extends defineElement(SshKeys, { styles: [sshKeysCss] }) {}

define('yx-ssh-keys', YxSshKeys);

declare global {
  interface HTMLElementTagNameMap {
    'yx-ssh-keys': YxSshKeys;
  }
}
