// A Vue 3 host app, buildless: the template is compiled in the browser (vue.esm-browser). Vue
// sets a bound value as a property when the element has one (`:locale`), otherwise as an
// attribute (`:csrf-token`), and `@yx-…` listens to the element's event by that exact name.
import { createApp, ref, onMounted } from 'vue';

const app = createApp({
  setup() {
    const settings = ref(null);
    const locale = ref('en_US');
    const embed = ref(true);
    const unread = ref(null);
    const route = ref('/');
    const events = ref([]);

    onMounted(async () => {
      const response = await fetch('/users/ajax/v1/page-settings', {
        headers: { 'X-Requested-With': 'XMLHttpRequest' },
      });
      settings.value = await response.json();
    });

    const record = (event) => events.value.push(`${event.type} ${JSON.stringify(event.detail)}`);
    const onUnread = (event) => {
      record(event);
      unread.value = event.detail.count;
    };
    // The host routes by itself: cancelling keeps the element from following the link.
    const onNavigate = (event) => {
      event.preventDefault();
      record(event);
      route.value = event.detail.url;
    };
    return { settings, locale, embed, unread, route, events, record, onUnread, onNavigate };
  },
  template: `
    <header class="acme-bar">
      <h1>Acme DevOps · Vue 3</h1>
      <label>Language
        <select id="locale" v-model="locale">
          <option value="en_US">English</option>
          <option value="zh_CN">中文</option>
        </select>
      </label>
      <label><input id="embed" type="checkbox" v-model="embed" /> Show account elements</label>
      <span id="unread">{{ unread === null ? '–' : unread + ' unread' }}</span>
      <yx-unread-badge
        v-if="settings && embed"
        href="#/inbox"
        :locale="locale"
        :csrf-token="settings.csrfToken"
        :org-id="settings.organizationId"
        @yx-unread-change="onUnread"
        @yx-navigate="onNavigate"
      ></yx-unread-badge>
    </header>
    <main class="acme-main">
      <section>
        <yx-token-manager
          v-if="settings && embed"
          :locale="locale"
          :csrf-token="settings.csrfToken"
          :org-id="settings.organizationId"
          @yx-token-create="record"
          @yx-token-update="record"
          @yx-token-delete="record"
          @yx-navigate="record"
        ></yx-token-manager>
      </section>
      <aside class="acme-panel">
        <p id="route">Host route: {{ route }}</p>
        <h2>Events</h2>
        <ol id="events" class="acme-log">
          <li v-for="(line, i) in events" :key="i">{{ line }}</li>
        </ol>
      </aside>
    </main>
  `,
});
// Tags Vue must leave to the browser's custom element registry.
app.config.compilerOptions.isCustomElement = (tag) => tag.startsWith('yx-');
app.mount('#app');
