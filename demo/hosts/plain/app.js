// The plain host's own code, a classic script after the CDN bundle (both `defer`, so in order):
// the bundle has defined every element and put `configure` on `window.YxElements`.
const badge = document.getElementById('badge');
const tokens = document.getElementById('tokens');
const badgeSlot = badge.parentElement;
const tokensSlot = document.getElementById('tokens-slot');

// yx- events bubble out of the shadow roots (composed): one listener on the document hears them all.
const log = document.getElementById('events');
for (const type of ['yx-unread-change', 'yx-navigate', 'yx-token-create', 'yx-token-update', 'yx-token-delete']) {
  document.addEventListener(type, (event) => {
    const item = document.createElement('li');
    item.textContent = `${event.type} ${JSON.stringify(event.detail)}`;
    log.append(item);
  });
}
document.addEventListener('yx-unread-change', (event) => {
  document.getElementById('unread').textContent = `${event.detail.count} unread`;
});
// The host routes by itself: cancelling yx-navigate keeps the element from following the link.
document.addEventListener('yx-navigate', (event) => {
  event.preventDefault();
  document.getElementById('route').textContent = `Host route: ${event.detail.url}`;
});

// Language through a property; the element re-renders in place.
document.getElementById('locale').addEventListener('change', (event) => {
  badge.locale = event.target.value;
  tokens.locale = event.target.value;
});

// Removing an element ends its work (requests, stream); putting it back starts afresh.
document.getElementById('embed').addEventListener('change', (event) => {
  if (event.target.checked) {
    badgeSlot.append(badge);
    tokensSlot.append(tokens);
  } else {
    badge.remove();
    tokens.remove();
  }
});
