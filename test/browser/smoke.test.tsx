import { expect } from '@open-wc/testing';
import { createRoot } from 'react-dom/client';
import { useState } from 'react';

function Counter() {
  const [n, setN] = useState(0);
  return <button onClick={() => setN(n + 1)}>{n}</button>;
}

describe('runner', () => {
  it('renders React in Chromium', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    createRoot(host).render(<Counter />);
    await new Promise((r) => setTimeout(r, 50));
    expect(host.textContent).to.equal('0');
    const res = await fetch('/__fixture/echo', { headers: { 'x-a': 'b' } });
    expect((await res.json()).headers['x-a']).to.equal('b');
  });
});
