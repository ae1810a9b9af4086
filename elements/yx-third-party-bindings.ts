import { define, defineElement } from './define';
import { SECTIONS, ThirdPartyBindings } from '../src/features/third-party/ThirdPartyBindings';
import { thirdPartyCss } from '../src/features/third-party/third-party.css';

/** Third-party account bindings: a card per sign-in provider (DingTalk, Lark) with the bound
 * account (name, synchronized openId, bound date) and Unbind after a confirmation, or Bind, or
 * why the provider cannot be bound on this site. Bind is a full-page navigation to
 * `{host}/users/ajax/v1/my/identities/{provider}/authorize`, announced first with a cancelable
 * `yx-navigate` (cancel it to route yourself). The flow returns to the settings page with
 * `?bound=<provider>` or `?error=<code>`; the element reads that once, says how it went in a toast
 * and removes the two parameters from the address (with `history.replaceState`).
 *
 * It also serves the identity-provider settings section: `section="identity-provider"` shows the
 * same content under that section's label.
 * @tag yx-third-party-bindings
 * @summary The user's DingTalk and Lark sign-in accounts: bind and unbind.
 * @attr host - also the base of the authorize URL
 * @attr section - `third-party` (default) or `identity-provider`: which section's heading to show
 * @fires yx-identity-bind - the user chose Bind, before navigating; detail: { provider }
 * @fires yx-navigate - cancelable; detail: { url } (the authorize URL)
 * @fires yx-identity-unbind - an account was unbound; detail: { provider }
 * @fires yx-session-end - a call found the session ended (401 `unauthenticated`); cancelable (the element then goes to `detail.url`, the sign-in page with `nextUrl`); detail: { url }
 * @cssproperty --yx-tp-dingtalk-color - the tile colour behind the DingTalk glyph; default #1f6fe0
 * @cssproperty --yx-tp-lark-color - the tile colour behind the Lark glyph; default #0b8f7f
 * @csspart third-party - the whole element (`data-status` idle | loading | ready | error, `data-section`)
 * @csspart title - the heading
 * @csspart intro - the sentence under the heading
 * @csspart provider-list - the list of cards
 * @csspart provider-card - one provider (`data-provider` dingtalk | lark, `data-state` bound | unbound | unavailable)
 * @csspart logo - the provider's glyph
 * @csspart provider-name - the provider's name
 * @csspart badge - the binding status (`data-state` as on the card)
 * @csspart account - the bound account's details
 * @csspart account-name - its name at the provider
 * @csspart open-id - its synchronized openId
 * @csspart bound-at - when it was bound
 * @csspart hint - what binding gives, on an unbound card
 * @csspart unavailable-note - why a provider cannot be bound here
 * @csspart result - the error (with Retry) or empty panel
 * @csspart result-icon - the panel's icon
 * @csspart result-title - the panel's title
 * @csspart result-description - the panel's explanation
 * @csspart result-actions - the panel's buttons
 * @csspart skeleton - the loading placeholder
 * @csspart confirm - the unbind confirmation (`role="alertdialog"`)
 * @csspart confirm-header - its heading row
 * @csspart confirm-title - its title
 * @csspart confirm-description - its message
 * @csspart confirm-body - its body
 * @csspart confirm-footer - its buttons
 * @csspart overlay - the backdrop behind the confirmation
 * @csspart close-button - the × of a dialog (the confirmation has none)
 * @csspart button - every button
 * @csspart bind-button - Bind
 * @csspart unbind-button - Unbind
 * @csspart confirm-button - the confirmation's OK
 * @csspart cancel-button - the confirmation's Cancel */
export class YxThirdPartyBindings extends defineElement(ThirdPartyBindings, {
  props: { section: { enum: SECTIONS, default: 'third-party' } },
  styles: [thirdPartyCss],
}) {}

define('yx-third-party-bindings', YxThirdPartyBindings);

declare global {
  interface HTMLElementTagNameMap {
    'yx-third-party-bindings': YxThirdPartyBindings;
  }
}
