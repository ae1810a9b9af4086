import { define, defineElement } from './define';
import { TokenManager } from '../src/features/tokens/TokenManager';
import { tokensCss } from '../src/features/tokens/tokens.css';

/** Personal access tokens: list, create, edit, delete; a new token's value is shown once.
 * @tag yx-token-manager
 * @attr version - `"v1"` shows the list in a modal, opened on mount, with an "Access tokens" button to reopen it; an empty or failed list then fetches the scopes (§4). Any other value: the list inline on the page.
 * @attr view - `list` (default) or `create`: the separate create screen (the `/create` route), its form inline on the page
 * @attr host - API base URL (also: org-id, app-id, csrf-token, locale, flavour, env)
 * @fires yx-token-create - a token was created; detail: { tokenId, name } (never the value)
 * @fires yx-token-update - a token was modified; detail: { tokenId, name }
 * @fires yx-token-delete - a token was deleted; detail: { tokenId }
 * @fires yx-navigate - Cancel / Back on the create screen; cancelable; detail: { url } (`#/users/settings/personalAccessToken`)
 * @csspart token-manager - the whole element
 * @csspart token-list - the list screen
 * @csspart title - the page heading
 * @csspart include-expired - the "Show expired tokens" checkbox
 * @csspart count - "N existing access tokens"
 * @csspart table - the token table
 * @csspart token-name - a token's name
 * @csspart token-description - a token's description label
 * @csspart badge - the "Expired" / "About to expire" badge
 * @csspart edit-disabled-reason - why an expired token cannot be edited
 * @csspart secret - the new token's value, shown once, with its note and copy button
 * @csspart secret-value - the value itself
 * @csspart pagination - the pager
 * @csspart result - the empty or error panel
 * @csspart drawer - the create / edit drawer
 * @csspart token-form - the form in the drawer or on the create screen
 * @csspart scopes - the permission picker
 * @csspart scope-count - "N permissions selected"
 * @csspart confirm - the delete confirmation
 * @csspart create-screen - the separate create screen
 * @csspart button - every button (with `create-button`, `edit-button`, `delete-button`, `copy-button`, `submit-button`, `cancel-button`, `open-button`, `back-button`) */
export class YxTokenManager extends defineElement(TokenManager, {
  props: {
    version: 'string',
    view: { enum: ['list', 'create'], default: 'list' },
  },
  styles: [tokensCss],
}) {}

define('yx-token-manager', YxTokenManager);

declare global {
  interface HTMLElementTagNameMap {
    'yx-token-manager': YxTokenManager;
  }
}
