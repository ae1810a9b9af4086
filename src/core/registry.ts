/**
 * Micro-frontend module registry (§4, §8): named modules loaded on demand from a URL, or
 * rendered by a function that is already in the page.
 */
import type { MessageKey, MessageParams } from './i18n/index';

/** Life of a module: registered → loading → loaded | failed (a failed one may be loaded again). */
export type ModuleState = 'registered' | 'loading' | 'loaded' | 'failed';

export interface ModuleDefinition {
  name: string;
  /** Script URL, loaded as an ES module. */
  url?: string;
  /** A render function that needs no loading. */
  render?: (...args: never[]) => unknown;
}

/** A module that could not be loaded; `messageKey` is what to show the user. */
export class ModuleLoadError extends Error {
  readonly moduleName: string;
  readonly messageKey: MessageKey;
  /** Fills the placeholders of `messageKey` (`{name}` and `{seconds}` of a timeout). */
  readonly messageParams: MessageParams;
  readonly reason: 'unknown' | 'timeout' | 'failed';
  constructor(
    moduleName: string,
    reason: ModuleLoadError['reason'],
    message: string,
    cause?: unknown,
    messageParams: MessageParams = { name: moduleName },
  ) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'ModuleLoadError';
    this.moduleName = moduleName;
    this.reason = reason;
    this.messageKey = reason === 'timeout' ? 'error.chunkTimeout' : 'error.chunkLoad';
    this.messageParams = messageParams;
  }
}

/** Timers, injectable so tests can run the 120 s timeout on a fake clock. */
export interface RegistryTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface RegistryOptions {
  /** Loads one URL. @default dynamic `import(url)` */
  loadScript?: (url: string) => Promise<unknown>;
  /** @default 120000 (§9) */
  timeoutMs?: number;
  timers?: RegistryTimers;
}

export type RegistryListener = (name: string, state: ModuleState) => void;

export interface ModuleRegistry {
  /** Adds a module, or replaces one of the same name (its state starts over). Throws without url or render. */
  register(definition: ModuleDefinition): void;
  /** Loads a module once; concurrent calls share one attempt. Rejects with a {@link ModuleLoadError}. */
  load(name: string): Promise<ModuleDefinition & { module?: unknown }>;
  /** The module's state, or undefined when no module has that name. */
  status(name: string): ModuleState | undefined;
  /** Calls `listener` on every state change; returns the unsubscribe function. */
  subscribe(listener: RegistryListener): () => void;
}

/** Default chunk timeout (§9). */
export const MODULE_TIMEOUT_MS = 120_000;

interface Entry {
  definition: ModuleDefinition;
  state: ModuleState;
  pending?: Promise<ModuleDefinition & { module?: unknown }>;
  module?: unknown;
}

/** A relative URL is meant relative to the page, but `import()` would resolve it against this
 * module's own (bundled chunk) URL, so resolve it first. */
const importModule = (url: string): Promise<unknown> =>
  import(/* @vite-ignore */ typeof document === 'undefined' ? url : new URL(url, document.baseURI).href);

/** Creates a registry.
 * @example
 * const registry = createRegistry();
 * registry.register({ name: 'yx-settings', url: '/users/elements/yx-settings.js' });
 * await registry.load('yx-settings');
 */
export function createRegistry(options: RegistryOptions = {}): ModuleRegistry {
  const loadScript = options.loadScript ?? importModule;
  const timeoutMs = options.timeoutMs ?? MODULE_TIMEOUT_MS;
  const timers: RegistryTimers = options.timers ?? {
    setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
    clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  };
  const entries = new Map<string, Entry>();
  const listeners = new Set<RegistryListener>();

  const setState = (name: string, entry: Entry, state: ModuleState) => {
    entry.state = state;
    for (const listener of [...listeners]) listener(name, state);
  };

  function register(definition: ModuleDefinition): void {
    if (!definition || typeof definition.name !== 'string' || !definition.name) {
      throw new Error('[yx] register() needs a module name.');
    }
    if (!definition.url && typeof definition.render !== 'function') {
      throw new Error(`[yx] Module "${definition.name}" needs a url or a render function.`);
    }
    const entry: Entry = { definition: { ...definition }, state: 'registered' };
    entries.set(definition.name, entry);
    setState(definition.name, entry, 'registered');
  }

  function attempt(name: string, entry: Entry): Promise<ModuleDefinition & { module?: unknown }> {
    const url = entry.definition.url!;
    return new Promise((resolve, reject) => {
      const timer = timers.setTimeout(() => {
        const seconds = Math.round(timeoutMs / 1000);
        reject(
          new ModuleLoadError(
            name,
            'timeout',
            `[yx] Loading module "${name}" timed out after ${seconds} s (${url}).`,
            undefined,
            { name, seconds },
          ),
        );
      }, timeoutMs);
      let loading: Promise<unknown>;
      try {
        // A custom loader that throws or returns a plain value still gives one ModuleLoadError.
        loading = Promise.resolve(loadScript(url));
      } catch (cause) {
        loading = Promise.reject(cause);
      }
      loading.then(
        (module) => {
          timers.clearTimeout(timer);
          resolve({ ...entry.definition, module });
        },
        (cause: unknown) => {
          timers.clearTimeout(timer);
          reject(new ModuleLoadError(name, 'failed', `[yx] Module "${name}" failed to load from ${url}.`, cause));
        },
      );
    });
  }

  function load(name: string): Promise<ModuleDefinition & { module?: unknown }> {
    const entry = entries.get(name);
    if (!entry)
      return Promise.reject(new ModuleLoadError(name, 'unknown', `[yx] Unknown module "${name}": register it first.`));
    if (entry.state === 'loaded') return Promise.resolve({ ...entry.definition, module: entry.module });
    if (entry.pending) return entry.pending;
    if (!entry.definition.url) {
      setState(name, entry, 'loaded');
      return Promise.resolve({ ...entry.definition });
    }
    setState(name, entry, 'loading');
    const pending = attempt(name, entry).then(
      (result) => {
        // A module re-registered meanwhile is a new entry: the old attempt must not touch it.
        if (entries.get(name) === entry) {
          entry.module = result.module;
          entry.pending = undefined;
          setState(name, entry, 'loaded');
        }
        return result;
      },
      (error: unknown) => {
        if (entries.get(name) === entry) {
          entry.pending = undefined;
          setState(name, entry, 'failed');
        }
        throw error;
      },
    );
    entry.pending = pending;
    return pending;
  }

  return {
    register,
    load,
    status: (name) => entries.get(name)?.state,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
