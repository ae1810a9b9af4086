// A React 19 host app, buildless: createElement instead of JSX. React 19 passes props to a
// custom element as properties when the element has them (and as attributes otherwise), and
// turns `on<event-name>` props into listeners for that exact event name.
import { createElement as h, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import '@yx/account-elements/yx-token-manager.js';
import '@yx/account-elements/yx-unread-badge.js';

const EVENTS = ['yx-unread-change', 'yx-navigate', 'yx-token-create', 'yx-token-update', 'yx-token-delete'];

function App() {
  const [settings, setSettings] = useState(null);
  const [locale, setLocale] = useState('en_US');
  const [embed, setEmbed] = useState(true);
  const [unread, setUnread] = useState(null);
  const [route, setRoute] = useState('/');
  const [events, setEvents] = useState([]);

  useEffect(() => {
    const controller = new AbortController();
    fetch('/users/ajax/v1/page-settings', {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      signal: controller.signal,
    })
      .then((response) => response.json())
      .then(setSettings, () => {});
    return () => controller.abort();
  }, []);

  const record = (event) => setEvents((list) => [...list, `${event.type} ${JSON.stringify(event.detail)}`]);
  // Every yx- event of both elements, as React event props.
  const listeners = Object.fromEntries(EVENTS.map((type) => [`on${type}`, record]));
  const common = settings && {
    locale,
    'csrf-token': settings.csrfToken,
    'org-id': settings.organizationId,
  };

  return h(
    'div',
    null,
    h(
      'header',
      { className: 'acme-bar' },
      h('h1', null, 'Acme DevOps · React 19'),
      h(
        'label',
        null,
        'Language ',
        h(
          'select',
          { id: 'locale', value: locale, onChange: (e) => setLocale(e.target.value) },
          h('option', { value: 'en_US' }, 'English'),
          h('option', { value: 'zh_CN' }, '中文'),
        ),
      ),
      h(
        'label',
        null,
        h('input', { id: 'embed', type: 'checkbox', checked: embed, onChange: (e) => setEmbed(e.target.checked) }),
        ' Show account elements',
      ),
      h('span', { id: 'unread' }, unread === null ? '–' : `${unread} unread`),
      common &&
        embed &&
        h('yx-unread-badge', {
          ...common,
          ...listeners,
          href: '#/inbox',
          'onyx-unread-change': (event) => {
            record(event);
            setUnread(event.detail.count);
          },
          // The host routes by itself: cancelling keeps the element from following the link.
          'onyx-navigate': (event) => {
            event.preventDefault();
            record(event);
            setRoute(event.detail.url);
          },
        }),
    ),
    h(
      'main',
      { className: 'acme-main' },
      h('section', null, common && embed && h('yx-token-manager', { ...common, ...listeners })),
      h(
        'aside',
        { className: 'acme-panel' },
        h('p', { id: 'route' }, `Host route: ${route}`),
        h('h2', null, 'Events'),
        h(
          'ol',
          { id: 'events', className: 'acme-log' },
          events.map((line, i) => h('li', { key: i }, line)),
        ),
      ),
    ),
  );
}

createRoot(document.getElementById('root')).render(h(App));
