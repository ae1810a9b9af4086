// Injected before any script of both render pages, so "painted" means the same for both:
// - domAt: a MutationObserver on the host's shadow root sees the 20th `tr[part~="table-row"]`
//   (the rows exist; nothing is drawn yet);
// - paintedAt: the first animation frame in which the rows exist is checked from
//   requestAnimationFrame, and a message posted from there is handled once that frame's style,
//   layout and paint are done, so its time is the end of the frame that draws the table;
//   a `bench-painted` mark at that time ties the page's clock to the trace's (measure.ts).
(() => {
  const ROWS = 20;
  const bench = { domAt: 0, frameAt: 0, paintedAt: 0 };
  window.__bench = bench;
  const rows = (root) => root.querySelectorAll('tr[part~="table-row"]').length;
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    bench.paintedAt = performance.now();
    // The same instant in the trace's clock: measure.ts finds the page's main thread by it.
    performance.mark('bench-painted', { startTime: bench.paintedAt });
  };
  let observed = null;
  const frame = (now) => {
    const root = document.querySelector('[data-bench-host]')?.shadowRoot;
    if (root && root !== observed) {
      observed = root;
      new MutationObserver((_, observer) => {
        if (rows(root) < ROWS) return;
        bench.domAt = performance.now();
        observer.disconnect();
      }).observe(root, { childList: true, subtree: true });
    }
    if (root && rows(root) >= ROWS) {
      bench.domAt ||= performance.now();
      bench.frameAt = now;
      channel.port2.postMessage(null);
      return;
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();
