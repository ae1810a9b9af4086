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
 * @attr host - API base URL (also: org-id, app-id, csrf-token, locale, flavour, env)
 * @attr flavour - `global` sends the calls without the `/uiless/proxy` prefix
 * @fires yx-ssh-key-add - a key was added; detail: { id, title, fingerprint }
 * @fires yx-ssh-key-update - a key's title, scope or expiry changed; detail: { id }
 * @fires yx-ssh-key-delete - a key was deleted; detail: { id }
 * @csspart ssh-keys - the whole element (`data-status` idle | loading | ready | error)
 * @csspart ssh-key-list - the list screen
 * @csspart title - the page heading
 * @csspart intro - the sentence under the heading
 * @csspart table - the key table
 * @csspart key-title - a key's name
 * @csspart fingerprint - a key's `SHA256:…` fingerprint (in the table and in the form)
 * @csspart scope - a key's scope (`data-scope` all | read)
 * @csspart expiry - a key's expiry (`data-state` valid | expired | never-expires)
 * @csspart badge - the "Expired" badge
 * @csspart last-used - when a key was last used (`data-state="never"` when never)
 * @csspart result - the empty or error panel
 * @csspart drawer - the add / edit drawer
 * @csspart ssh-key-form - the form in the drawer
 * @csspart form-error - why the last save failed
 * @csspart fingerprint-preview - the fingerprint of the key being added
 * @csspart key-help - how to generate a key, with the command
 * @csspart help-command - the `ssh-keygen` command
 * @csspart expiry-group - the expiry fieldset of the form
 * @csspart confirm - the delete confirmation
 * @csspart button - every button (with `add-button`, `edit-button`, `delete-button`, `copy-button`, `submit-button`, `cancel-button`) */
export class YxSshKeys extends defineElement(SshKeys, { styles: [sshKeysCss] }) {}

define('yx-ssh-keys', YxSshKeys);

declare global {
  interface HTMLElementTagNameMap {
    'yx-ssh-keys': YxSshKeys;
  }
}
