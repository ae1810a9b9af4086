// The floor of the render benchmark: the token table of <yx-token-manager>, written by hand with
// lit-html and nothing else. Same call, same data, roughly the same markup (toolbar, count, a
// captioned 6-column table with 20 rows, a pager) in an open shadow root with adopted styles, so
// the difference to the element is what React, the store, validation and formatting cost.
import { html, render } from 'lit-html';

const SEARCH = '/users/ajax/v1/my/tokens:search';
const DAY = 86_400_000;

const css = `
  :host { display: block; font: 14px/1.5 system-ui, sans-serif; color: #1f2329; }
  .toolbar { display: flex; align-items: center; gap: 12px; }
  .toolbar h2 { flex: 1; margin: 0; font-size: 18px; }
  button { font: inherit; padding: 4px 12px; border: 1px solid #d0d3d6; border-radius: 4px; background: #fff; }
  button.primary { background: #1b6ef3; border-color: #1b6ef3; color: #fff; }
  button.link { border: 0; padding: 0 4px; color: #1b6ef3; background: none; }
  button:disabled { color: #8f959e; }
  table { width: 100%; border-collapse: collapse; table-layout: fixed; }
  caption { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
  th, td { padding: 8px 12px; border-bottom: 1px solid #e8e9eb; text-align: start; vertical-align: top; }
  th { background: #f5f6f7; font-weight: 600; }
  .name { display: flex; flex-direction: column; }
  .label, .relative, .reason { color: #646a73; font-size: 12px; }
  .badge { display: inline-block; padding: 0 6px; border-radius: 8px; font-size: 12px; background: #fff3e0; }
  .badge[data-state='expired'] { background: #fdecec; }
  .pager { display: flex; justify-content: flex-end; gap: 4px; margin-top: 12px; }
`;

const pad = (n) => String(n).padStart(2, '0');
const day = (iso) => {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};
const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const ago = (iso, now) => relative.format(Math.round((Date.parse(iso) - now) / DAY), 'day');

function expiry(token, now) {
  const left = Date.parse(token.expires_at) - now;
  return token.expired || left <= 0 ? 'expired' : left <= 7 * DAY ? 'expiring' : 'valid';
}

function row(token, now) {
  const state = expiry(token, now);
  const expired = state === 'expired';
  return html`<tr part="table-row">
    <td>
      <div class="name">
        <span part="token-name">${token.name}</span>
        ${token.description ? html`<span class="label">${token.description}</span>` : null}
      </div>
    </td>
    <td>${(token.token_scopes ?? []).length} permissions</td>
    <td>${day(token.created_at)}</td>
    <td>
      <div data-state=${state}>
        <span>${day(token.expires_at)}</span>
        <span class="relative">${ago(token.expires_at, now)}</span>
        ${
          state === 'valid'
            ? null
            : html`<span class="badge" data-state=${state}>${expired ? 'Expired' : 'About to expire'}</span>`
        }
      </div>
    </td>
    <td>
      ${
        token.last_used_at
          ? html`<span title=${day(token.last_used_at)}>${ago(token.last_used_at, now)}</span>`
          : 'Never'
      }
    </td>
    <td>
      <button class="link" ?disabled=${expired} aria-label=${`Edit ${token.name}`}>Edit</button>
      <button class="link" aria-label=${`Delete ${token.name}`}>Delete</button>
      ${expired ? html`<span class="reason">Expired tokens cannot be edited</span>` : null}
    </td>
  </tr>`;
}

function page(tokens, total) {
  const now = Date.now();
  const pages = Math.ceil(total / 20);
  return html`<div class="toolbar">
      <h2>Personal access tokens</h2>
      <label><input type="checkbox" checked /> Show expired tokens</label>
      <button class="primary">Create token</button>
    </div>
    <p>Tokens let tools act as you through the API.</p>
    <p role="status">${total} existing access tokens</p>
    <table>
      <caption>
        Access tokens
      </caption>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Permissions</th>
          <th scope="col">Created</th>
          <th scope="col">Expires</th>
          <th scope="col">Last used</th>
          <th scope="col">Actions</th>
        </tr>
      </thead>
      <tbody>
        ${tokens.map((token) => row(token, now))}
      </tbody>
    </table>
    <nav class="pager" aria-label="Pages">
      <button disabled aria-label="Previous page">‹</button>
      ${Array.from({ length: pages }, (_, i) => html`<button aria-current=${i === 0 ? 'page' : 'false'}>${i + 1}</button>`)}
      <button aria-label="Next page">›</button>
    </nav>`;
}

const root = document.getElementById('lit-host').attachShadow({ mode: 'open' });
const sheet = new CSSStyleSheet();
sheet.replaceSync(css);
root.adoptedStyleSheets = [sheet];
render(html`<p role="status">Loading…</p>`, root);

const answer = await fetch(SEARCH, {
  method: 'POST',
  headers: { 'content-type': 'application/json', 'x-csrf-token': 'bench', 'x-requested-with': 'XMLHttpRequest' },
  body: JSON.stringify({ include_expired: true, pagination: { current_page: 1, page_size: 20 } }),
});
const data = await answer.json();
render(page(data.access_tokens, data.pages.total_size), root);
