// A lit-html host page: one render function over a small state object. `attr=${…}` sets an
// attribute, `.prop=${…}` a property, `@yx-…=${fn}` listens to the element's event.
import { html, nothing, render } from 'lit-html';

const state = { settings: null, locale: 'en_US', embed: true, unread: null, route: '/', events: [] };

function update(change) {
  Object.assign(state, change);
  render(view(), document.getElementById('app'));
}

const record = (event) => update({ events: [...state.events, `${event.type} ${JSON.stringify(event.detail)}`] });
const onUnread = (event) => {
  record(event);
  update({ unread: event.detail.count });
};
// The host routes by itself: cancelling keeps the element from following the link.
const onNavigate = (event) => {
  event.preventDefault();
  record(event);
  update({ route: event.detail.url });
};

function view() {
  const { settings, locale, embed, unread, route, events } = state;
  const shown = settings && embed;
  return html`
    <header class="acme-bar">
      <h1>Acme DevOps · lit-html</h1>
      <label
        >Language
        <select id="locale" @change=${(e) => update({ locale: e.target.value })}>
          <option value="en_US" ?selected=${locale === 'en_US'}>English</option>
          <option value="zh_CN" ?selected=${locale === 'zh_CN'}>中文</option>
        </select>
      </label>
      <label
        ><input id="embed" type="checkbox" .checked=${embed} @change=${(e) => update({ embed: e.target.checked })} />
        Show account elements</label
      >
      <span id="unread">${unread === null ? '–' : `${unread} unread`}</span>
      ${
        shown
          ? html`<yx-unread-badge
              href="#/inbox"
              .locale=${locale}
              csrf-token=${settings.csrfToken}
              org-id=${settings.organizationId}
              @yx-unread-change=${onUnread}
              @yx-navigate=${onNavigate}
            ></yx-unread-badge>`
          : nothing
      }
    </header>
    <main class="acme-main">
      <section>
        ${
          shown
            ? html`<yx-token-manager
                .locale=${locale}
                csrf-token=${settings.csrfToken}
                org-id=${settings.organizationId}
                @yx-token-create=${record}
                @yx-token-update=${record}
                @yx-token-delete=${record}
                @yx-navigate=${record}
              ></yx-token-manager>`
            : nothing
        }
      </section>
      <aside class="acme-panel">
        <p id="route">Host route: ${route}</p>
        <h2>Events</h2>
        <ol id="events" class="acme-log">
          ${events.map((line) => html`<li>${line}</li>`)}
        </ol>
      </aside>
    </main>
  `;
}

update({});
const response = await fetch('/users/ajax/v1/page-settings', { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
update({ settings: await response.json() });
