// A classic script that runs before any module, so it hears every violation the elements cause.
let violations = 0;
document.addEventListener('securitypolicyviolation', (event) => {
  violations += 1;
  const item = document.createElement('li');
  item.textContent = `${event.effectiveDirective}: ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber}:${event.columnNumber})`;
  const show = () => {
    document.getElementById('violations').textContent = `${violations} policy violations`;
    document.getElementById('violation-log').append(item);
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', show, { once: true });
  else show();
});
