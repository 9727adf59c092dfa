import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { seriousViolations } from './axe.ts';
import type { TestServer } from './server.ts';

// What the driver-app and back-office specs share: staff made by the admin command, a virtual
// passkey authenticator, files a phone would pick, a signature drawn with the mouse, calls to the
// API the UI does not make, and a job driven on the driver app's job screen.

/** A call to the test server's API with a bearer token; a non-2xx answer throws with its text. */
export async function api(server: TestServer, token: string, method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${server.url}${path}`, { method, headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.status === 204 ? null : res.json();
}

/** An access token by username and password (the apps' own grant). */
export async function passwordToken(server: TestServer, username: string, password: string): Promise<string> {
  const res = await fetch(`${server.url}/oauth/access_token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ grant_type: 'password', client_id: 'web', scope: 'app', username, password }) });
  return ((await res.json()) as { access_token: string }).access_token;
}

/** What the sender's API says of a shipment: its state now and every state with its time. */
export type SenderJob = { current_state: { state: string }; states: { state: string; created_at: number }[] };
/** What the sender's API says of a shipment's proofs. */
export type SenderProofs = { proofs: { kind: string; signer_name: string; condition: string; reservations: string; packages: { photo_urls: string[] }[] }[]; note_url: string | null };

/** A state change the driver made, with the unix seconds around the tap (the server dates it in between). */
export type DoneStep = { state: string; from: number; till: number };

/**
 * A job driven on the driver app's open job screen, as a driver taps it: `step` taps the next
 * state's button, `proof` takes a pickup (good condition) or delivery (with a reservation) proof
 * with photos, a name and a drawn signature and saves it with its state change. Each state change
 * is recorded in `done`. With `axe`, the filled proof screen is checked for serious violations.
 */
export function jobRun(page: Page, { axe = false }: { axe?: boolean } = {}) {
  const done: DoneStep[] = [];
  const step = async (button: string, state: string, shown: string) => {
    const from = Math.floor(Date.now() / 1000);
    await page.getByRole('button', { name: button, exact: true }).click();
    await expect(page.getByTestId('run-state')).toContainText(`Status: ${shown}`);
    done.push({ state, from, till: Math.ceil(Date.now() / 1000) });
  };
  const proof = async (kind: 'pickup' | 'delivery', signer: string, photos: number) => {
    await page.getByRole('button', { name: kind === 'pickup' ? 'Ophaalbewijs opnemen' : 'Leveringsbewijs opnemen' }).click();
    await expect(page.getByRole('heading', { name: kind === 'pickup' ? /^Ophaalbewijs in / : /^Leveringsbewijs in / })).toBeVisible();
    await expect(page.getByTestId('proof-where')).toContainText('Positie tot op 15 m');
    const files = await Promise.all(Array.from({ length: photos }, (_, i) => jpeg(page, `${kind}-${i + 1}.jpg`)));
    await page.getByLabel("Foto's van Zetel").setInputFiles(files);
    await expect(page.getByTestId(/^photo-count-/)).toHaveText(`${photos} foto's`);
    if (kind === 'delivery') {
      await page.getByRole('radio', { name: 'Met voorbehoud' }).check();
      await page.getByRole('textbox', { name: 'Voorbehoud' }).fill(RESERVATION);
    }
    await page.getByLabel(kind === 'pickup' ? 'Naam van wie afgeeft' : 'Naam van wie ontvangt').fill(signer);
    await drawSignature(page);
    if (axe) await expect.poll(async () => seriousViolations(page)).toEqual([]);
    const from = Math.floor(Date.now() / 1000);
    await page.getByRole('button', { name: kind === 'pickup' ? 'Bewijs opslaan en geladen' : 'Bewijs opslaan en geleverd' }).click();
    await expect(page.getByTestId('run-state')).toContainText(`Status: ${kind === 'pickup' ? 'Geladen' : 'Geleverd'}`);
    done.push({ state: kind === 'pickup' ? 'loaded' : 'delivered', from, till: Math.ceil(Date.now() / 1000) });
  };
  /** The whole job from accepted to delivered: 11 state changes, two proofs of `photos` photos each. */
  const toDelivered = async (photos: number, signers: { pickup: string; delivery: string } = { pickup: 'Jan Peeters', delivery: 'Sofie Claes' }) => {
    await step('Vertrekken naar ophaling', 'onwaytopickup', 'Onderweg naar ophaling');
    await step('Bijna bij ophaling', 'nearpickup', 'Bijna aan ophaling');
    await step('Aangekomen bij ophaling', 'arrivedpickup', 'Aangekomen bij ophaling');
    await step('Begin met laden', 'loading', 'Aan het laden');
    await proof('pickup', signers.pickup, photos);
    await step('Vertrekken naar levering', 'onwaytodelivery', 'Onderweg naar levering');
    await step('Bijna bij levering', 'neardelivery', 'Bijna aan levering');
    await step('Aangekomen bij levering', 'arriveddelivery', 'Aangekomen bij levering');
    await step('Begin met lossen', 'unloading', 'Aan het lossen');
    await step('Gelost', 'unloaded', 'Gelost');
    await proof('delivery', signers.delivery, photos);
  };
  return { done, step, proof, toDelivered };
}

/** The reservation a delivery proof of jobRun notes. */
export const RESERVATION = 'Hoek van de zetel licht beschadigd.';

/** The driver app's line of how many actions wait to be sent (absent when none wait). */
export const QUEUED_LINE = /acties? wacht(en)? op verzending\./;

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
