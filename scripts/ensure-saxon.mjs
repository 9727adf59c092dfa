// The Peppol property test runs the official validator (../shared/peppol/validate), which needs
// Saxon-HE from Debian. On a fresh machine, install it through apt like e2e/ensure-chromium.mjs
// does Chromium (as root, or through sudo when not root); never a jar downloaded by hand.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const JAR = process.env.SAXON_JAR ?? '/usr/share/java/Saxon-HE.jar';
if (!existsSync(JAR)) {
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  console.log(`Saxon-HE is missing: installing Debian libsaxonhe-java with ${sudo}apt-get`);
  try {
    execSync(`${sudo}apt-get update -q && DEBIAN_FRONTEND=noninteractive ${sudo}apt-get install -y -q libsaxonhe-java`, { stdio: 'inherit' });
  } catch {
    console.error('Could not install Saxon-HE. Install it yourself: sudo apt-get update && sudo apt-get install -y libsaxonhe-java');
    process.exit(1);
  }
}
console.log(`Using ${JAR}`);
