import { expect } from '@open-wc/testing';
import { MODULE_TIMEOUT_MS, ModuleLoadError, createRegistry } from '../../../src/core/registry';
import type { ModuleState, RegistryTimers } from '../../../src/core/registry';
import { createTranslator } from '../../../src/core/i18n/index';

/** A fake clock: timers fire only when the test moves time on. */
function fakeClock() {
  let now = 0;
  let nextId = 1;
  const pending = new Map<number, { at: number; fn: () => void }>();
  const timers: RegistryTimers = {
    setTimeout(fn, ms) {
      const id = nextId++;
      pending.set(id, { at: now + ms, fn });
      return id;
    },
    clearTimeout(handle) {
      pending.delete(handle as number);
    },
  };
  return {
    timers,
    pending: () => pending.size,
    advance(ms: number) {
      now += ms;
      for (const [id, timer] of [...pending].sort((a, b) => a[1].at - b[1].at)) {
        if (timer.at > now) continue;
        pending.delete(id);
        timer.fn();
      }
    },
  };
}

/** A loader whose answers the test controls. */
function controlledLoader() {
  const calls: string[] = [];
  const waiting: Array<{ resolve: (m: unknown) => void; reject: (e: unknown) => void }> = [];
  return {
    calls,
    loadScript: (url: string) => {
      calls.push(url);
      return new Promise<unknown>((resolve, reject) => waiting.push({ resolve, reject }));
    },
    succeed: (index: number, module: unknown) => waiting[index]!.resolve(module),
    fail: (index: number, error: unknown) => waiting[index]!.reject(error),
  };
}

function recordStates(registry: ReturnType<typeof createRegistry>) {
  const seen: Array<[string, ModuleState]> = [];
  registry.subscribe((name, state) => seen.push([name, state]));
  return seen;
}

const flush = () => new Promise((r) => setTimeout(r, 0));

async function rejection(promise: Promise<unknown>): Promise<ModuleLoadError> {
  try {
    await promise;
  } catch (error) {
    expect(error).to.be.instanceOf(ModuleLoadError);
    return error as ModuleLoadError;
  }
  throw new Error('expected the load to fail');
}

describe('loading micro-frontend modules', () => {
  describe('given a module registered by URL', () => {
    it('goes registered → loading → loaded and hands over the module', async () => {
      const loader = controlledLoader();
      const registry = createRegistry({ loadScript: loader.loadScript, timers: fakeClock().timers });
      const seen = recordStates(registry);
      registry.register({ name: 'settings', url: '/m/settings.js' });
      expect(registry.status('settings')).to.equal('registered');
      const loading = registry.load('settings');
      expect(registry.status('settings')).to.equal('loading');
      loader.succeed(0, { ok: true });
      const result = await loading;
      expect(result.module).to.deep.equal({ ok: true });
      expect(result.url).to.equal('/m/settings.js');
      expect(registry.status('settings')).to.equal('loaded');
      expect(seen).to.deep.equal([
        ['settings', 'registered'],
        ['settings', 'loading'],
        ['settings', 'loaded'],
      ]);
    });

    it('goes registered → loading → failed when the script fails, with a message to show', async () => {
      const loader = controlledLoader();
      const registry = createRegistry({ loadScript: loader.loadScript, timers: fakeClock().timers });
      const seen = recordStates(registry);
      registry.register({ name: 'settings', url: '/m/settings.js' });
      const loading = registry.load('settings');
      const cause = new TypeError('Failed to fetch dynamically imported module');
      loader.fail(0, cause);
      const error = await rejection(loading);
      expect(error.reason).to.equal('failed');
      expect(error.moduleName).to.equal('settings');
      expect(error.messageKey).to.equal('error.chunkLoad');
      expect(error.cause).to.equal(cause);
      expect(error.message).to.contain('settings').and.contain('/m/settings.js');
      expect(registry.status('settings')).to.equal('failed');
      expect(seen.map(([, s]) => s)).to.deep.equal(['registered', 'loading', 'failed']);
    });

    it('loads once for callers that ask at the same time', async () => {
      const loader = controlledLoader();
      const registry = createRegistry({ loadScript: loader.loadScript, timers: fakeClock().timers });
      registry.register({ name: 'settings', url: '/m/settings.js' });
      const first = registry.load('settings');
      const second = registry.load('settings');
      expect(loader.calls).to.deep.equal(['/m/settings.js']);
      loader.succeed(0, 'module');
      expect((await first).module).to.equal('module');
      expect((await second).module).to.equal('module');
      expect((await registry.load('settings')).module).to.equal('module');
      expect(loader.calls).to.have.length(1);
    });

    it('tries again when a failed module is loaded again', async () => {
      const loader = controlledLoader();
      const registry = createRegistry({ loadScript: loader.loadScript, timers: fakeClock().timers });
      registry.register({ name: 'settings', url: '/m/settings.js' });
      const first = registry.load('settings');
      loader.fail(0, new Error('offline'));
      await rejection(first);
      const second = registry.load('settings');
      expect(registry.status('settings')).to.equal('loading');
      loader.succeed(1, 'module');
      expect((await second).module).to.equal('module');
      expect(registry.status('settings')).to.equal('loaded');
      expect(loader.calls).to.have.length(2);
    });

    it('turns a loader that throws at once into the same clear failure', async () => {
      const registry = createRegistry({
        loadScript: () => {
          throw new Error('loader exploded');
        },
        timers: fakeClock().timers,
      });
      registry.register({ name: 'settings', url: '/m/settings.js' });
      const error = await rejection(registry.load('settings'));
      expect(error.reason).to.equal('failed');
      expect((error.cause as Error).message).to.equal('loader exploded');
      expect(registry.status('settings')).to.equal('failed');
    });
  });

  describe('given a module that never finishes loading', () => {
    it('gives up after 120 s with the chunk-timeout message', async () => {
      const clock = fakeClock();
      const loader = controlledLoader();
      const registry = createRegistry({ loadScript: loader.loadScript, timers: clock.timers });
      registry.register({ name: 'settings', url: '/m/settings.js' });
      const loading = registry.load('settings');
      let settled = false;
      loading.then(
        () => (settled = true),
        () => (settled = true),
      );
      expect(MODULE_TIMEOUT_MS).to.equal(120_000);
      clock.advance(119_999);
      await flush();
      expect(settled).to.equal(false);
      expect(registry.status('settings')).to.equal('loading');
      clock.advance(1);
      const error = await rejection(loading);
      expect(error.reason).to.equal('timeout');
      expect(error.messageKey).to.equal('error.chunkTimeout');
      expect(error.messageParams).to.deep.equal({ name: 'settings', seconds: 120 });
      expect(createTranslator('en_US')(error.messageKey, error.messageParams)).to.equal(
        'Loading module “settings” timed out after 120 seconds',
      );
      expect(registry.status('settings')).to.equal('failed');
    });

    it('honours a custom timeout', async () => {
      const clock = fakeClock();
      const loader = controlledLoader();
      const registry = createRegistry({ loadScript: loader.loadScript, timers: clock.timers, timeoutMs: 30_000 });
      registry.register({ name: 'settings', url: '/m/settings.js' });
      const loading = registry.load('settings');
      clock.advance(30_000);
      expect((await rejection(loading)).messageParams).to.deep.equal({ name: 'settings', seconds: 30 });
    });

    it('does not time out a module that arrived in time', async () => {
      const clock = fakeClock();
      const loader = controlledLoader();
      const registry = createRegistry({ loadScript: loader.loadScript, timers: clock.timers });
      registry.register({ name: 'settings', url: '/m/settings.js' });
      const loading = registry.load('settings');
      clock.advance(60_000);
      loader.succeed(0, 'module');
      await loading;
      expect(clock.pending()).to.equal(0);
      clock.advance(120_000);
      expect(registry.status('settings')).to.equal('loaded');
    });

    it('ignores the module if it arrives after the timeout, and loads it afresh next time', async () => {
      const clock = fakeClock();
      const loader = controlledLoader();
      const registry = createRegistry({ loadScript: loader.loadScript, timers: clock.timers });
      registry.register({ name: 'settings', url: '/m/settings.js' });
      const loading = registry.load('settings');
      clock.advance(120_000);
      await rejection(loading);
      loader.succeed(0, 'late');
      await flush();
      expect(registry.status('settings')).to.equal('failed');
      const retry = registry.load('settings');
      loader.succeed(1, 'fresh');
      expect((await retry).module).to.equal('fresh');
    });
  });

  describe('given a module with a render function', () => {
    it('is loaded at once without fetching anything', async () => {
      const loader = controlledLoader();
      const registry = createRegistry({ loadScript: loader.loadScript, timers: fakeClock().timers });
      const seen = recordStates(registry);
      const render = () => 'hello';
      registry.register({ name: 'inline', render });
      const result = await registry.load('inline');
      expect(result.render).to.equal(render);
      expect(registry.status('inline')).to.equal('loaded');
      expect(loader.calls).to.deep.equal([]);
      expect(seen.map(([, s]) => s)).to.deep.equal(['registered', 'loaded']);
    });
  });

  describe('registering', () => {
    it('refuses a module with neither url nor render function, saying what is missing', () => {
      const registry = createRegistry();
      expect(() => registry.register({ name: 'empty' })).to.throw(/"empty" needs a url or a render function/);
      expect(() => registry.register({ name: 'empty', url: '' })).to.throw(/needs a url or a render function/);
      expect(() => registry.register({ name: 'empty', render: 'x' as never })).to.throw(/needs a url or a render/);
      expect(registry.status('empty')).to.equal(undefined);
    });

    it('refuses a module without a name', () => {
      const registry = createRegistry();
      expect(() => registry.register({ name: '', url: '/x.js' })).to.throw(/needs a module name/);
      expect(() => registry.register(null as never)).to.throw(/needs a module name/);
    });

    it('replaces a module registered under the same name, starting over', async () => {
      const loader = controlledLoader();
      const registry = createRegistry({ loadScript: loader.loadScript, timers: fakeClock().timers });
      registry.register({ name: 'settings', url: '/m/v1.js' });
      const v1 = registry.load('settings');
      loader.succeed(0, 'v1');
      await v1;
      registry.register({ name: 'settings', url: '/m/v2.js' });
      expect(registry.status('settings')).to.equal('registered');
      const v2 = registry.load('settings');
      loader.succeed(1, 'v2');
      expect((await v2).module).to.equal('v2');
      expect(loader.calls).to.deep.equal(['/m/v1.js', '/m/v2.js']);
    });

    it('does not let a load of the replaced module touch the new one', async () => {
      const loader = controlledLoader();
      const registry = createRegistry({ loadScript: loader.loadScript, timers: fakeClock().timers });
      registry.register({ name: 'settings', url: '/m/v1.js' });
      const old = registry.load('settings');
      registry.register({ name: 'settings', url: '/m/v2.js' });
      const seen = recordStates(registry);
      loader.succeed(0, 'v1');
      expect((await old).module).to.equal('v1');
      expect(registry.status('settings')).to.equal('registered');
      expect(seen).to.deep.equal([]);

      const fresh = registry.load('settings');
      expect(loader.calls).to.deep.equal(['/m/v1.js', '/m/v2.js']);
      loader.succeed(1, 'v2');
      expect((await fresh).module).to.equal('v2');
    });

    it('does not let a failing load of the replaced module mark the new one failed', async () => {
      const loader = controlledLoader();
      const registry = createRegistry({ loadScript: loader.loadScript, timers: fakeClock().timers });
      registry.register({ name: 'settings', url: '/m/v1.js' });
      const old = registry.load('settings');
      registry.register({ name: 'settings', render: () => null });
      loader.fail(0, new Error('gone'));
      await rejection(old);
      expect(registry.status('settings')).to.equal('registered');
    });
  });

  it('rejects a load of an unknown module with a clear error', async () => {
    const registry = createRegistry();
    const error = await rejection(registry.load('ghost'));
    expect(error.reason).to.equal('unknown');
    expect(error.moduleName).to.equal('ghost');
    expect(error.message).to.contain('Unknown module "ghost"').and.contain('register');
    expect(registry.status('ghost')).to.equal(undefined);
  });

  it('stops telling a listener once it unsubscribes', () => {
    const registry = createRegistry();
    const seen: string[] = [];
    const off = registry.subscribe((name) => seen.push(name));
    registry.register({ name: 'a', url: '/a.js' });
    off();
    registry.register({ name: 'b', url: '/b.js' });
    expect(seen).to.deep.equal(['a']);
  });

  describe('given real ES modules', () => {
    it('loads a module from a data: URL', async () => {
      const registry = createRegistry();
      registry.register({
        name: 'data',
        url: 'data:text/javascript,' + encodeURIComponent('export const answer = 42;'),
      });
      const { module } = await registry.load('data');
      expect((module as { answer: number }).answer).to.equal(42);
    });

    it('loads a module file served over HTTP', async () => {
      const registry = createRegistry();
      const url = new URL('./fixtures/module-a.js', import.meta.url).href;
      registry.register({ name: 'file', url });
      const { module } = await registry.load('file');
      const m = module as { greeting: string; default: () => string };
      expect(m.greeting).to.equal('hello from module-a');
      expect(m.default()).to.equal('rendered by module-a');
      expect(registry.status('file')).to.equal('loaded');
    });

    it('resolves a relative URL against the page, not against the registry script', async () => {
      const registry = createRegistry();
      const file = new URL('./fixtures/module-a.js', import.meta.url);
      const baseDir = new URL('.', document.baseURI);
      expect(file.pathname.startsWith(baseDir.pathname), 'the fixture lives below the page').to.equal(true);
      registry.register({ name: 'relative', url: file.pathname.slice(baseDir.pathname.length) });
      const { module } = await registry.load('relative');
      expect((module as { greeting: string }).greeting).to.equal('hello from module-a');
    });

    it('fails clearly for a script that does not exist', async () => {
      const registry = createRegistry();
      registry.register({ name: 'missing', url: new URL('./fixtures/no-such-module.js', import.meta.url).href });
      const error = await rejection(registry.load('missing'));
      expect(error.reason).to.equal('failed');
      expect(error.messageKey).to.equal('error.chunkLoad');
      expect(registry.status('missing')).to.equal('failed');
    });
  });
});
