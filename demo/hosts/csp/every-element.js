// The host routes by itself: every cancelable way out of an element (a link, a redirect, an
// organization switch, "Sign in Again", an ended session) is cancelled and written to the log,
// so whatever a visitor does, the page (and its policy) stays. A classic script, before the
// elements, with no HTML sink: the only Trusted Types policy on the page is the elements' own.
for (const type of ['yx-navigate', 'yx-relogin', 'yx-org-change', 'yx-session-end']) {
  document.addEventListener(type, (event) => {
    event.preventDefault();
    const item = document.createElement('li');
    item.textContent = `${event.type} ${event.detail.url}`;
    document.getElementById('routes').append(item);
  });
}
