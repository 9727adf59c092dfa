import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import type { TestServer } from './server.ts';

// What the driver-app and back-office specs share: staff made by the admin command, a virtual
// passkey authenticator, files a phone would pick, and a signature drawn with the mouse.

/** A small PDF the server takes as a document (it checks the bytes), as a file input gets it. */
export const pdfFile = (title: string) => ({ name: `${title}.pdf`, mimeType: 'application/pdf', buffer: Buffer.from(`%PDF-1.4\n% ${title}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`) });

/** `npm run admin -- staff create …` against the test server: the set-up link it prints, on localhost (a passkey's relying party is a domain). */
export function createStaff(server: TestServer, email: string, role: string, name: string): string {
  const res = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/scripts/admin.ts', 'staff', 'create', email, '--role', role, '--name', name], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: { ...process.env, DATA_DIR: server.dataDir, API_URL: server.url },
    encoding: 'utf8',
  });
  expect(res.stderr).toBe('');
  expect(res.status).toBe(0);
  const link = /(http\S+\/ops\/#\/setup\/[\w-]+)/.exec(res.stdout)?.[1];
  expect(link, res.stdout).toBeTruthy();
  return link!.replace('//127.0.0.1:', '//localhost:');
}

/** A platform authenticator that always verifies the user (Chrome DevTools Protocol). */
export async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
}

/** A small real JPEG, made by the browser's own canvas. */
export async function jpeg(page: Page, name: string) {
  const b64 = await page.evaluate(async () => {
    const c = document.createElement('canvas');
    c.width = 64;
    c.height = 48;
    const g = c.getContext('2d')!;
    g.fillStyle = '#c84';
    g.fillRect(0, 0, 64, 48);
    g.fillStyle = '#246';
    g.fillRect(8, 8, 30, 20);
    return c.toDataURL('image/jpeg', 0.9).split(',')[1]!;
  });
  return { name, mimeType: 'image/jpeg', buffer: Buffer.from(b64, 'base64') };
}

/** A zigzag drawn with the mouse on the signature pad. */
export async function drawSignature(page: Page) {
  const canvas = page.getByTestId('signature-canvas');
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(box.x + 20 + i * 25, box.y + box.height / 2 + (i % 2 ? 30 : -30), { steps: 3 });
  await page.mouse.up();
}
