// The end-to-end tests drive Debian's Chromium. On a fresh machine, install it through apt
// (we run as root there); never a browser download of a test tool.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  console.log('Chromium is missing: installing Debian chromium with apt-get');
  try {
    execSync('apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium', { stdio: 'inherit' });
  } catch {
    console.error(`Could not install chromium. Install it yourself: apt-get install chromium (needs root).`);
    process.exit(1);
  }
}
console.log(`Using ${CHROMIUM}`);
