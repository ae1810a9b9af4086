import { expect } from '@open-wc/testing';
import { createStore, track } from '../../../src/core/store';
import type { Status } from '../../../src/core/store';

interface TokenState {
  status: Status;
  error?: unknown;
  items: string[];
  total: number;
}

const initial = (): TokenState => ({ status: 'idle', items: [], total: 0 });

describe('screen state', () => {
  it('starts from the initial state', () => {
    const store = createStore(initial());
    expect(store.get()).to.deep.equal({ status: 'idle', items: [], total: 0 });
  });

  it('merges a partial change and keeps the rest', () => {
    const store = createStore(initial());
    store.set({ total: 3 });
    expect(store.get()).to.deep.equal({ status: 'idle', items: [], total: 3 });
    store.set((state) => ({ total: state.total + 1 }));
    expect(store.get().total).to.equal(4);
  });

  it('keeps the same state object until something changes', () => {
    const store = createStore(initial());
    const before = store.get();
    expect(store.get()).to.equal(before);
    store.set({ total: 1 });
    expect(store.get()).to.not.equal(before);
  });

  it('tells subscribers the new and previous state, until they unsubscribe', () => {
    const store = createStore(initial());
    const seen: Array<[number, number]> = [];
    const off = store.subscribe((state, previous) => seen.push([state.total, previous.total]));
    store.set({ total: 1 });
    store.set({ total: 2 });
    off();
    store.set({ total: 3 });
    expect(seen).to.deep.equal([
      [1, 0],
      [2, 1],
    ]);
  });

  it('goes back to the initial state when the screen is left, dropping extra fields', () => {
    const store = createStore(initial());
    store.set({ status: 'ready', items: ['a'], total: 1, error: new Error('x') });
    store.reset();
    expect(store.get()).to.deep.equal({ status: 'idle', items: [], total: 0 });
    expect(store.get()).to.not.have.property('error');
  });

  it('does not share state between two stores made from the same initial object', () => {
    const start = initial();
    const a = createStore(start);
    const b = createStore(start);
    a.set({ total: 5 });
    expect(b.get().total).to.equal(0);
    expect(start.total).to.equal(0);
  });
});

describe('tracking a load', () => {
  it('shows loading, then the data when the call succeeds', async () => {
    const store = createStore(initial());
    const statuses: Status[] = [];
    store.subscribe((s) => statuses.push(s.status));
    let finish!: (value: [null, string[]]) => void;
    const running = track(
      store,
      () => new Promise<[null, string[]]>((resolve) => (finish = resolve)),
      (items) => ({ items, total: items.length }),
    );
    expect(store.get().status).to.equal('loading');
    finish([null, ['t1', 't2']]);
    const result = await running;
    expect(result).to.deep.equal([null, ['t1', 't2']]);
    expect(store.get()).to.deep.include({ status: 'ready', items: ['t1', 't2'], total: 2, error: undefined });
    expect(statuses).to.deep.equal(['loading', 'ready']);
  });

  it('shows the error and keeps the default data when the call fails', async () => {
    const store = createStore(initial());
    const failure = new Error('System exception, please try again');
    const result = await track(
      store,
      async () => [failure, null] as [Error, null],
      (items: string[]) => ({ items }),
    );
    expect(result).to.deep.equal([failure, null]);
    expect(store.get().status).to.equal('error');
    expect(store.get().error).to.equal(failure);
    expect(store.get().items).to.deep.equal([]);
  });

  it('clears an earlier error once a retry succeeds', async () => {
    const store = createStore(initial());
    await track(
      store,
      async () => [new Error('x'), null] as [Error, null],
      (items: string[]) => ({ items }),
    );
    await track(
      store,
      async () => [null, ['t1']] as [null, string[]],
      (items) => ({ items }),
    );
    expect(store.get().status).to.equal('ready');
    expect(store.get().error).to.equal(undefined);
    expect(store.get().items).to.deep.equal(['t1']);
  });

  it('lets the success merge depend on the current state', async () => {
    const store = createStore({ ...initial(), items: ['old'] });
    await track(
      store,
      async () => [null, ['new']] as [null, string[]],
      (items, state) => ({ items: [...state.items, ...items] }),
    );
    expect(store.get().items).to.deep.equal(['old', 'new']);
  });
});
