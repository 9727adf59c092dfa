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
