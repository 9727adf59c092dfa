import { Validator } from '@seriousme/openapi-schema-validator';
import { apiRoutes } from '@vm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// The OpenAPI document is generated from the routes' own schemas: it must be a valid 3.1 document
// and list every route a client can call, or the documentation and the typed client drift.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('lists every API route the server registers, with its method', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const documented = new Set(Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`)));
    const api = t.app.routeList
      .filter((r) => r.method !== 'OPTIONS')
      .filter((r) => (r.url.startsWith('/api/') || r.url.startsWith('/oauth/')) && !r.url.startsWith('/api/docs') && r.url !== '/api/openapi.json')
      .map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`);
    expect(api.length).toBeGreaterThan(40);
    expect(api.filter((r) => !documented.has(r))).toEqual([]);
  });

  it('registers every route of the contract (@vm/domain apiRoutes) with its method and path, and no API route outside it', async () => {
    const registered = new Set(t.app.routeList.map((r) => `${r.method} ${r.url}`));
    const contract = Object.values(apiRoutes).map((r) => `${r.method} ${r.path}`);
    expect(contract.filter((r) => !registered.has(r))).toEqual([]);
    const inContract = new Set(contract);
    const api = t.app.routeList.filter((r) => /^\/(api|oauth)\//.test(r.url) && !r.url.startsWith('/api/docs') && r.url !== '/api/openapi.json');
    expect(api.map((r) => `${r.method} ${r.url}`).filter((r) => !inContract.has(r))).toEqual([]);
  });

  it('marks public routes as needing no token and groups operations by area', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.paths['/api/config'].get.security).toEqual([]);
    expect(doc.paths['/api/shipment/{id}'].get.security).toBeUndefined();
    expect(doc.paths['/api/shipment/{id}'].get.tags).toEqual(['shipment']);
    expect(doc.paths['/api/shipment/{id}'].get.responses['200'].content['application/json'].schema.properties.insurance.enum).toEqual(['free', 'cmr', 'all_1250', 'all_2500', 'all_5000']);
  });

  it('serves a reference page that loads its assets from this server', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-ui');
    expect(page.body).not.toMatch(/https?:\/\/(?!127\.0\.0\.1|localhost)/);
  });
});
