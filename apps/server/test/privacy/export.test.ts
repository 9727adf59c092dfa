import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLUMNS, exportColumns } from '../../src/modules/privacy/privacy.classification.ts';
import { ownedRows } from '../../src/modules/privacy/privacy.repository.ts';
import { registerAndLogin } from '../helpers/flows.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { textColumns } from './columns.ts';
import { bookedAndCarried, exported, fillTheRest } from './scenario.ts';

// Issue 23 part 4 (decision 0035): the export holds every personal field the database holds for the
// user. The classification decides every column (a new one fails here until it is decided), and
// each personal column, filled for a sender and a driver, is found in their data.json.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const asText = (v: unknown): string | null => {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'string') return v.length > 0 ? v : null;
  return JSON.stringify(v);
};

describe('the classification of personal data', () => {
  it('decides every text, varchar and jsonb column of the database, and names no column that is gone', async () => {
    const columns = await textColumns(t.handle.db);
    const unclassified = columns.filter((c) => !COLUMNS[c.table]?.[c.column]).map((c) => `${c.table}.${c.column} (${c.type})`);
    expect(unclassified).toEqual([]);
    const present = new Set(columns.map((c) => `${c.table}.${c.column}`));
    const stale = Object.entries(COLUMNS).flatMap(([table, cols]) => Object.keys(cols).map((c) => `${table}.${c}`)).filter((k) => !present.has(k));
    expect(stale).toEqual([]);
  });
});

describe('GET /api/user/data-export', () => {
  it('gives a sender and a driver every personal value the database holds for them, and their files', async () => {
    const { sender, driver, shipmentId } = await bookedAndCarried(t, { first: 'Griet', last: 'Exportmans' });
    await fillTheRest(t, sender, driver, shipmentId);
    const mine = { sender: await exported(t, sender), driver: await exported(t, driver) };

    const empty: string[] = [];
    const missing: string[] = [];
    for (const [table, { columns }] of exportColumns()) {
      for (const column of columns) {
        let filled = false;
        for (const [role, who] of [['sender', sender], ['driver', driver]] as const) {
          for (const row of await ownedRows(t.handle.db, table, [column], who.id)) {
            const value = asText(row[column]);
            if (value === null) continue;
            filled = true;
            const asWritten = typeof row[column] === 'object' && !(row[column] instanceof Date) ? value : JSON.stringify(value).slice(1, -1);
            if (!mine[role].data.includes(asWritten)) missing.push(`${role}: ${table}.${column} = ${value.slice(0, 60)}`);
          }
        }
        if (!filled) empty.push(`${table}.${column}`);
      }
    }
    expect(empty, 'personal columns the scenario left empty').toEqual([]);
    expect(missing).toEqual([]);

    const folders = (files: string[]) => [...new Set(files.map((f) => f.split('/').slice(0, 2).join('/')))].sort();
    expect(folders(mine.sender.files)).toEqual(['files/packages', 'files/problems', 'files/profile', 'files/proofs']);
    expect(folders(mine.driver.files)).toEqual(['files/documents', 'files/problems', 'files/proofs']);
    expect(JSON.parse(mine.sender.data).files).toEqual(mine.sender.files.sort((a, b) => mine.sender.data.indexOf(a) - mine.sender.data.indexOf(b)));
    // Secrets stay out: no password hash, no push keys.
    expect(mine.sender.data).not.toContain('$argon2');
    const keys = await t.handle.db.selectFrom('pushSubscriptions').select(['p256dh', 'auth']).where('userId', '=', driver.id).executeTakeFirstOrThrow();
    expect(mine.driver.data).not.toContain(keys.p256dh);
    expect(mine.driver.data).not.toContain(keys.auth);
  });

  it('answers 401 without a token or with a bad one; a download link carries the token as ?access_token=', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/user/data-export' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/data-export?access_token=nope' })).statusCode).toBe(401);
    const someone = await registerAndLogin(t);
    const res = await t.app.inject({ method: 'GET', url: `/api/user/data-export?access_token=${someone.tokens.access_token}` });
    expect(res.statusCode).toBe(200);
    expect(new TextDecoder().decode(unzipSync(new Uint8Array(res.rawPayload))['data.json'])).toContain(someone.email);
  });
});
