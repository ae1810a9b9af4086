import { define, defineElement } from './define';
import { TokenManager, preloadTokenList } from '../src/features/tokens/TokenManager';
import { tokensCss } from '../src/features/tokens/tokens.css';

/** Personal access tokens: list, create, edit, delete; a new token's value is shown once.
 * @tag yx-token-manager
 * @summary Personal access tokens: list, create, edit and delete.
 * @attr version - `"v1"` shows the list in a modal, opened on mount, with an "Access tokens" button to reopen it; an empty or failed list then fetches the scopes (§4). Any other value: the list inline on the page.
 * @attr view - `list` (default) or `create`: the separate create screen (the `/create` route), its form inline on the page
 * @fires yx-token-create - a token was created; detail: { tokenId, name } (never the value)
 * @fires yx-token-update - a token was modified; detail: { tokenId, name }
 * @fires yx-token-delete - a token was deleted; detail: { tokenId }
 * @fires yx-navigate - Cancel / Back on the create screen; cancelable; detail: { url } (`{host}/users/#/users/settings/personalAccessToken`)
 * @fires yx-session-end - a call found the session ended (401 `unauthenticated`); cancelable (the element then goes to `detail.url`, the sign-in page with `nextUrl`); detail: { url }
 * @csspart token-manager - the whole element
 * @csspart token-list - the list screen
 * @csspart title - the page heading
 * @csspart include-expired - the "Show expired tokens" checkbox
 * @csspart count - "N existing access tokens"
 * @csspart table - the token table (`data-status` loading | empty | ready)
 * @csspart table-header - a column heading
 * @csspart table-row - one token
 * @csspart table-empty - the cell shown when there are no tokens
 * @csspart token-name - a token's name
 * @csspart token-description - a token's description label
 * @csspart badge - the "Expired" / "About to expire" badge
 * @csspart edit-disabled-reason - why an expired token cannot be edited
 * @csspart secret - the new token's value, shown once, with its note and copy button
 * @csspart secret-title - its heading
 * @csspart secret-note - the note to copy it now
 * @csspart secret-value - the value itself
 * @csspart pagination - the pager
 * @csspart pagination-total - the total count of the pager
 * @csspart select - the page size select
 * @csspart result - the empty or error panel
 * @csspart result-icon - the panel's icon
 * @csspart result-title - the panel's title
 * @csspart result-description - the panel's explanation
 * @csspart result-actions - the panel's buttons
 * @csspart spinner - a loading indicator
 * @csspart skeleton - the loading placeholder
 * @csspart modal - the list's modal with `version="v1"`
 * @csspart modal-header - its heading row
 * @csspart modal-title - its title
 * @csspart modal-body - its body
 * @csspart drawer - the create / edit drawer
 * @csspart drawer-header - its heading row
 * @csspart drawer-title - its title
 * @csspart drawer-body - its body
 * @csspart drawer-footer - its buttons
 * @csspart overlay - the backdrop behind the modal, the drawer or the confirmation
 * @csspart close-button - the × of the modal or the drawer
 * @csspart token-form - the form in the drawer or on the create screen
 * @csspart form-error - why the last save failed
 * @csspart field - each field: label, control, hint and error
 * @csspart label - a field's label
 * @csspart required - the required mark of a label
 * @csspart input - a text box
 * @csspart textarea - the description box
 * @csspart counter - its character count
 * @csspart hint - a field's help text
 * @csspart error - a field's error message
 * @csspart radio-group - the expiry choice
 * @csspart legend - its legend
 * @csspart radio - one expiry
 * @csspart date-input - the custom expiry day (`data-status` invalid when the day is refused)
 * @csspart date-error - why the day is refused
 * @csspart date-hint - the chosen day written YYYY-MM-DD ("Expires on 2026-12-24")
 * @csspart checkbox - a checkbox (`data-state` checked | unchecked)
 * @csspart checkbox-label - its label
 * @csspart scopes - the permission picker
 * @csspart scope-count - "N permissions selected"
 * @csspart tree - the permission tree
 * @csspart tree-item - one permission (`data-state` checked | unchecked | mixed; `aria-disabled` when locked)
 * @csspart tree-row - the visible row of a permission
 * @csspart tree-toggle - the expand / collapse arrow (`data-state` open | closed)
 * @csspart tree-checkbox - the check box drawn on a row (`data-state` as the item)
 * @csspart tree-label - a permission's name
 * @csspart tree-description - a permission's description
 * @csspart confirm - the delete confirmation (`role="alertdialog"`)
 * @csspart confirm-header - its heading row
 * @csspart confirm-title - its title
 * @csspart confirm-description - its message
 * @csspart confirm-body - its body
 * @csspart confirm-footer - its buttons
 * @csspart create-screen - the separate create screen
 * @csspart button - every button
 * @csspart create-button - New token
 * @csspart edit-button - edits a token
 * @csspart delete-button - deletes a token
 * @csspart copy-button - copies the new value
 * @csspart saved-button - "I have copied it", when copying must be done by hand
 * @csspart submit-button - saves the form
 * @csspart cancel-button - Cancel (the drawer, the create screen or the confirmation)
 * @csspart confirm-button - the confirmation's OK
 * @csspart open-button - reopens the list's modal (`version="v1"`)
 * @csspart back-button - Back, on the create screen */
export class YxTokenManager extends defineElement(TokenManager, {
  props: {
    version: 'string',
    view: { enum: ['list', 'create'], default: 'list' },
  },
  styles: [tokensCss],
  load: preloadTokenList,
}) {}

define('yx-token-manager', YxTokenManager);

declare global {
  interface HTMLElementTagNameMap {
    'yx-token-manager': YxTokenManager;
  }
}
