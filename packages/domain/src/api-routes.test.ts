import { describe, expect, it } from 'vitest';
import { apiRoutes, attachmentContentSchema } from './api-routes.ts';
import { MAX_ROW_ID } from './wire.ts';

// The contract the server registers and the web calls (SPEC section 7): each route once, its path
// parameters described, its callers named, a success answer declared.

const routes = Object.entries(apiRoutes);
const paramNames = (path: string) => [...path.matchAll(/:(\w+)/g)].map((m) => m[1]).sort();

describe('the API contract', () => {
  it('names each method and path once, under /api or /oauth', () => {
    const keys = routes.map(([, r]) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const [name, r] of routes) expect(r.path, name).toMatch(/^\/(api|oauth)\/[a-z_]/);
  });

  it("describes exactly the parameters each path has, and bounds every row id in a path to 1..2^31-1", () => {
    for (const [name, r] of routes) {
      const declared = 'params' in r ? Object.keys(r.params.shape).sort() : [];
      expect(declared, name).toEqual(paramNames(r.path));
      if (!('params' in r)) continue;
      for (const [param, schema] of Object.entries(r.params.shape) as [string, { safeParse: (v: unknown) => { success: boolean } }][]) {
        if (!/id$/i.test(param) || param === 'id' && name === 'image') continue;
        expect(schema.safeParse(String(MAX_ROW_ID)).success, `${name}.${param}`).toBe(true);
        for (const bad of ['0', '-1', String(MAX_ROW_ID + 1), '1.5', 'abc']) expect(schema.safeParse(bad).success, `${name}.${param} ${bad}`).toBe(false);
      }
    }
  });

  it('declares a success answer for every route, 204 only where nothing comes back', () => {
    for (const [name, r] of routes) {
      const codes = Object.keys(r.response);
      expect(codes.length, name).toBeGreaterThan(0);
      // 302 only for the browser's redirects of a social login.
      for (const c of codes) expect(name.startsWith('social') && c === '302' ? ['302'] : ['200', '201', '204'], name).toContain(c);
    }
    expect(Object.keys(apiRoutes.socialStart.response)).toEqual(['302']);
    expect(Object.keys(apiRoutes.createShipment.response)).toEqual(['201']);
    expect(Object.keys(apiRoutes.revokeTrackingLink.response)).toEqual(['204']);
    expect(Object.keys(apiRoutes.withdrawOffer.response)).toEqual(['204']);
  });

  it('needs no login only to sign in (password or a social provider), reset a password, register a phone or ask the fair-price band via a client token, follow a shared link, geocode and read the config', () => {
    const open = routes.filter(([, r]) => r.auth === 'public').map(([n]) => n).sort();
    // Staff sign in (a password + code, a passkey) and set up their account from a one-time link.
    const staffSignIn = ['opsPasskeyOptions', 'opsPasskeySignIn', 'opsSetupCheck', 'opsSetupPasskey', 'opsSetupPasskeyOptions', 'opsSetupPassword', 'opsSignIn'];
    expect(open).toEqual(['autocomplete', 'basemap', 'checkResetLink', 'config', 'events', 'forgotPassword', 'paymentWebhook', 'payoutWebhook', 'resetPassword', 'reverseGeocode', 'socialCallback', 'socialStart', 'timezone', 'token', 'tracking', ...staffSignIn].sort());
    const clientToken = routes.filter(([, r]) => r.auth === 'token').map(([n]) => n).sort();
    expect(clientToken).toEqual(['checkPhoneCode', 'driverRegister', 'priceBand', 'pushKey', 'register', 'sendPhoneCode', 'socialLink', 'socialTicket', 'supportContact']);
  });

  it("keeps senders and drivers on their own routes: a sender's shipment calls under /api/shipment, a driver's under /api/driver", () => {
    for (const [name, r] of routes) {
      if (r.path.startsWith('/api/driver/')) expect(r.auth, name).toBe('driver');
      if (r.path.startsWith('/api/shipment') || r.path.startsWith('/api/billing') || r.path.startsWith('/api/conversation') || r.path.startsWith('/api/payments/:')) {
        expect(r.auth, name).toBe('sender');
      }
    }
    expect(apiRoutes.rate.auth).toBe('user');
    // Staff routes: a staff session with a capability named; the audit log is for admins only.
    for (const [name, r] of routes) {
      if (r.path.startsWith('/api/ops/') && r.auth !== 'public') expect(r.auth === 'staff' && 'capability' in r && !!r.capability, name).toBe(true);
      if (r.auth === 'staff') expect(r.path, name).toMatch(/^\/api\/ops\//);
    }
    expect(apiRoutes.opsAudit.capability).toBe('audit_log');
    expect(apiRoutes.adminCommand.auth).toBe('admin');
  });

  it('takes JSON bodies where a client sends data, multipart where it sends files', () => {
    expect('multipart' in apiRoutes.createShipment && !('body' in apiRoutes.createShipment)).toBe(true);
    expect('multipart' in apiRoutes.uploadAttachment).toBe(true);
    for (const name of ['register', 'updateUser', 'makeOffer', 'driverState', 'driverLocation', 'addCard', 'sendMessage', 'rate', 'updateShipment', 'cancelShipment'] as const) {
      expect('body' in apiRoutes[name], name).toBe(true);
    }
  });

  it('lists 20 pushes a page by default and at most 50', () => {
    const q = apiRoutes.pushes.querystring;
    expect(q.parse({}).limit).toBe(20);
    expect(q.safeParse({ limit: '50' }).success).toBe(true);
    expect(q.safeParse({ limit: '51' }).success).toBe(false);
    expect(q.safeParse({ limit: '0' }).success).toBe(false);
  });

  it("uploads one profile picture, for the caller's own user object", () => {
    const ok = { object: 'user', object_id: 7, attachments: [{ file: 'file', type: 'profile_picture' }] };
    expect(attachmentContentSchema.safeParse(ok).success).toBe(true);
    expect(attachmentContentSchema.safeParse({ ...ok, object: 'shipment' }).success).toBe(false);
    expect(attachmentContentSchema.safeParse({ ...ok, object_id: MAX_ROW_ID + 1 }).success).toBe(false);
    expect(attachmentContentSchema.safeParse({ ...ok, attachments: [] }).success).toBe(false);
    expect(attachmentContentSchema.safeParse({ ...ok, attachments: [ok.attachments[0], ok.attachments[0]] }).success).toBe(false);
    expect(attachmentContentSchema.safeParse({ ...ok, attachments: [{ file: 'file', type: 'avatar' }] }).success).toBe(false);
  });

  it('asks the geocoder for at most 200 characters and coordinates on the globe', () => {
    expect(apiRoutes.autocomplete.querystring.safeParse({ q: 'x'.repeat(200) }).success).toBe(true);
    expect(apiRoutes.autocomplete.querystring.safeParse({ q: 'x'.repeat(201) }).success).toBe(false);
    const ll = apiRoutes.reverseGeocode.querystring;
    expect(ll.safeParse({ lat: '50.9', lng: '5.3' }).success).toBe(true);
    for (const [lat, lng] of [['91', '0'], ['-91', '0'], ['0', '181'], ['0', '-181'], ['x', '0']]) expect(ll.safeParse({ lat, lng }).success).toBe(false);
  });
});

describe('what the routes accept in the query and path', () => {
  it('resumes the event stream after an event id: a whole number from 0', () => {
    const q = apiRoutes.events.querystring;
    expect(q.parse({ last_event_id: '0' }).last_event_id).toBe(0);
    expect(q.parse({ last_event_id: String(Number.MAX_SAFE_INTEGER) }).last_event_id).toBe(Number.MAX_SAFE_INTEGER);
    expect(q.parse({}).last_event_id).toBeUndefined();
    for (const bad of ['-1', '1.5', 'abc', String(Number.MAX_SAFE_INTEGER + 2)]) expect(q.safeParse({ last_event_id: bad }).success, bad).toBe(false);
    expect(q.safeParse({ token: 'x'.repeat(200) }).success).toBe(true);
    expect(q.safeParse({ token: 'x'.repeat(201) }).success).toBe(false);
  });

  it('serves an image by its uuid in one of three sizes', () => {
    const p = apiRoutes.image.params;
    const id = '0b4f4c7e-8d5c-4a8e-9f0e-2f1a3b4c5d6e';
    for (const variant of ['original', 'medium', 'thumb']) expect(p.safeParse({ id, variant }).success, variant).toBe(true);
    expect(p.safeParse({ id, variant: 'large' }).success).toBe(false);
    expect(p.safeParse({ id: '12', variant: 'thumb' }).success).toBe(false);
    expect(apiRoutes.image.querystring.safeParse({ access_token: 'x'.repeat(201) }).success).toBe(false);
  });

  it("lists a driver's open jobs unless the assigned ones are asked for", () => {
    const q = apiRoutes.driverShipments.querystring;
    expect(q.parse({}).scope).toBe('open');
    expect(q.parse({ scope: 'assigned' }).scope).toBe('assigned');
    expect(q.safeParse({ scope: 'all' }).success).toBe(false);
  });

  it('geocodes the typed text without its surrounding spaces, and says when it is too long', () => {
    const q = apiRoutes.autocomplete.querystring;
    expect(q.parse({}).q).toBe('');
    expect(q.parse({ q: '  Kerkstraat 12 ' }).q).toBe('Kerkstraat 12');
    expect(q.safeParse({ q: 'x'.repeat(201) }).error?.issues[0]?.message).toBe('too_long');
  });

  it('answers invalid_body for coordinates off the globe or not numbers', () => {
    for (const q of [apiRoutes.reverseGeocode.querystring, apiRoutes.timezone.querystring]) {
      expect(q.parse({ lat: '-90', lng: '-180' })).toEqual({ lat: -90, lng: -180 });
      expect(q.parse({ lat: '90', lng: '180' })).toEqual({ lat: 90, lng: 180 });
      for (const [lat, lng] of [['90.1', '0'], ['-90.1', '0'], ['0', '180.1'], ['0', '-180.1'], ['x', '0'], ['0', 'y']]) {
        expect(q.safeParse({ lat, lng }).error?.issues.map((i) => i.message), `${lat},${lng}`).toEqual(['invalid_body']);
      }
    }
  });

  it('bounds a tracking token, a captcha token and the admin command line', () => {
    expect(apiRoutes.tracking.params.safeParse({ token: 'x'.repeat(200) }).success).toBe(true);
    expect(apiRoutes.tracking.params.safeParse({ token: 'x'.repeat(201) }).success).toBe(false);
    const args = (n: number, len = 1) => ({ args: Array.from({ length: n }, () => 'x'.repeat(len)) });
    expect(apiRoutes.adminCommand.body.safeParse(args(12, 300)).success).toBe(true);
    expect(apiRoutes.adminCommand.body.safeParse(args(13)).success).toBe(false);
    expect(apiRoutes.adminCommand.body.safeParse(args(1, 301)).success).toBe(false);
  });

  it('names the uploaded file in 1 to 100 characters', () => {
    const withFile = (file: string) => ({ object: 'user', object_id: 7, attachments: [{ file, type: 'profile_picture' }] });
    expect(attachmentContentSchema.safeParse(withFile('x'.repeat(100))).success).toBe(true);
    expect(attachmentContentSchema.safeParse(withFile('x'.repeat(101))).success).toBe(false);
    expect(attachmentContentSchema.safeParse(withFile('')).success).toBe(false);
    expect(attachmentContentSchema.safeParse({ ...withFile('f'), object: 'shipment' }).error?.issues[0]?.message).toBe('invalid_body');
  });

  it('answers invalid_body for attachments that are not a list, or not a profile picture', () => {
    const messages = (attachments: unknown) => [...new Set(attachmentContentSchema.safeParse({ object: 'user', object_id: 7, attachments }).error?.issues.map((i) => i.message))];
    expect(messages('picture.jpg')).toEqual(['invalid_body']);
    expect(messages([{ file: 'f', type: 'avatar' }])).toEqual(['invalid_body']);
  });
});

describe('what the routes answer', () => {
  it('gives the id of what was created', () => {
    for (const route of [apiRoutes.createShipment, apiRoutes.register, apiRoutes.makeOffer]) {
      expect(route.response[201].parse({ id: 5 })).toEqual({ id: 5 });
      expect(route.response[201].safeParse({}).success).toBe(false);
    }
  });

  it('documents an empty answer and a browser redirect for the OpenAPI reader', () => {
    expect(apiRoutes.withdrawOffer.response[204].description).toBe('No content');
    expect(apiRoutes.socialStart.response[302].description).toBe('A redirect (Location header) for the browser');
  });
});

describe('private files and documents served by link', () => {
  const uuid = '0b4f4c7e-8d5c-4a8e-9f0e-2f1a3b4c5d6e';
  const fileRoutes = ['driverProofFile', 'senderProofFile', 'senderProblemPhoto', 'driverProblemPhoto', 'opsProblemFile'] as const;

  it.each(fileRoutes)('%s names a file by its uuid and .jpg or .png', (name) => {
    const p = apiRoutes[name].params;
    expect(p.parse({ id: '7', file: `${uuid}.jpg` })).toEqual({ id: 7, file: `${uuid}.jpg` });
    expect(p.safeParse({ id: '7', file: `${uuid}.png` }).success).toBe(true);
    for (const file of [`x${uuid}.jpg`, `../${uuid}.jpg`, `${uuid}.jpg.exe`, `${uuid}.jpgx`, `${uuid}.gif`, 'a.jpg', `${uuid.toUpperCase()}.jpg`, `${uuid}0.png`, `${'g'.repeat(36)}.png`]) {
      expect(p.safeParse({ id: '7', file }).success, file).toBe(false);
    }
  });

  const linkRoutes = ['invoicePdf', 'invoiceUbl', 'driverProofFile', 'driverConsignmentNote', 'senderProofFile', 'consignmentNote', 'senderProblemPhoto', 'driverProblemPhoto', 'dataExport'] as const;

  it.each(linkRoutes)('%s takes the access token of a link, of up to 200 characters, or none', (name) => {
    const q = apiRoutes[name].querystring;
    expect(q.parse({ access_token: 'abc' })).toEqual({ access_token: 'abc' });
    expect(q.parse({ access_token: 'x'.repeat(200) })).toEqual({ access_token: 'x'.repeat(200) });
    expect(q.parse({})).toEqual({});
    expect(q.safeParse({ access_token: 'x'.repeat(201) }).success).toBe(false);
  });
});

describe('the chat routes', () => {
  // SPEC section 7: a sender chats under /api/conversation, a driver under /api/driver/conversation.
  it.each([
    ['conversations', 'GET', '/api/conversation', 'sender'],
    ['conversation', 'GET', '/api/conversation/:shipmentId', 'sender'],
    ['sendMessage', 'POST', '/api/conversation/:shipmentId', 'sender'],
    ['driverConversations', 'GET', '/api/driver/conversation', 'driver'],
    ['driverConversation', 'GET', '/api/driver/conversation/:shipmentId', 'driver'],
    ['driverSendMessage', 'POST', '/api/driver/conversation/:shipmentId', 'driver'],
  ] as const)('%s is %s %s for a %s', (name, method, path, auth) => {
    const r = apiRoutes[name];
    expect({ method: r.method, path: r.path, auth: r.auth }).toEqual({ method, path, auth });
  });

  it('takes a message in the body and answers 201 with it', () => {
    for (const r of [apiRoutes.sendMessage, apiRoutes.driverSendMessage]) {
      expect(Object.keys(r.response)).toEqual(['201']);
      expect(r.params.parse({ shipmentId: '12' })).toEqual({ shipmentId: 12 });
    }
    expect(apiRoutes.sendMessage.body).toBe(apiRoutes.driverSendMessage.body);
  });
});
