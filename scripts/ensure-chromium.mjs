// Makes sure a Chromium is there for the browser and end-to-end tests. No npm package may
// download a browser on this project's machines, so we use the system's: when none is found and
// we run as root with apt-get, we install Debian's `chromium`; otherwise we say what to do.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { findChromium } from './chromium.mjs';

export function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (root && existsSync('/usr/bin/apt-get')) {
    console.log("[setup] Chromium not found: installing Debian's chromium with apt-get…");
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
      stdio: 'inherit',
      shell: '/bin/bash',
    });
    const installed = findChromium();
    if (installed) return installed;
  }
  console.error(
    '\n[setup] No Chromium found. Install one and try again:\n' +
      '  Debian/Ubuntu: sudo apt-get install chromium\n' +
      '  or point CHROME_PATH at a Chromium or Chrome binary (CHROME_PATH=/path/to/chrome npm test)\n',
  );
  process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log('[setup] Chromium:', ensureChromium());
}
