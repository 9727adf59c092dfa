import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { hostileNumberTexts, hostileString, junk, malformedJsonTexts, toJsonText } from './hostile-values.ts';
import { fromSchema, type JsonSchema, mutateExample, type SchemaContext } from './schema-arbitrary.ts';
import type { Identity, World } from './world.ts';

// Requests generated from the OpenAPI document (read at run time, so every schema the contract
// gains is fuzzed at once) and from the registered routes, so an undocumented route is hit too.

type Parameter = { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema?: JsonSchema };
type OpenApiOperation = { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } };
export type OpenApiDocument = { paths: Record<string, Record<string, OpenApiOperation>>; components?: { schemas?: Record<string, JsonSchema> } };

export type Operation = { method: string; path: string; parameters: Parameter[]; bodySchemas: Map<string, JsonSchema | undefined>; documented: boolean };

export type FuzzRequest = {
  route: string;
  identity: Identity;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** How the body was made, for the report. */
  kind: string;
};

/** A file of a built web app (a fixed path with an extension, outside the API). */
const isWebAppFile = (url: string) => !url.startsWith('/api/') && !url.startsWith('/oauth/') && !/[:*]/.test(url) && /\.[A-Za-z0-9]+$/.test(url);

/** Every operation of the document, plus the registered routes it does not list. */
export function operations(doc: OpenApiDocument, routeList: { method: string; url: string }[]): Operation[] {
  const ops = new Map<string, Operation>();
  for (const [path, byMethod] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(byMethod)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const bodySchemas = new Map(Object.entries(op.requestBody?.content ?? {}).map(([type, c]) => [type, c.schema]));
      ops.set(`${method.toUpperCase()} ${path}`, { method: method.toUpperCase(), path, parameters: op.parameters ?? [], bodySchemas, documented: true });
    }
  }
  for (const r of routeList) {
    // /readyz takes no input and answers 503 by design when a check is slow (a loaded test machine).
    if (r.method === 'OPTIONS' || r.url === '/readyz') continue;
    // The built web apps' files (one route each once they are built, some 470): no input to fuzz, and
    // fuzzing each would leave the API routes a few requests apiece.
    if (isWebAppFile(r.url)) continue;
    const path = r.url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{wildcard}');
    const key = `${r.method} ${path}`;
    if (ops.has(key)) continue;
    const parameters: Parameter[] = [...path.matchAll(/\{(\w+)\}/g)].map((m) => ({ in: 'path', name: m[1]!, required: true }));
    ops.set(key, { method: r.method, path, parameters, bodySchemas: new Map(), documented: false });
  }
  return [...ops.values()];
}

// Path segments are sent as they are (a client may send anything), or percent-encoded.
const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...hostileNumberTexts) },
  { weight: 2, arbitrary: hostileString.map((s) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, '\ufffd')).slice(0, 20_000)) },
  { weight: 1, arbitrary: fc.constantFrom('%00', '%', '%zz', '%C0%AF', '%ED%A0%80', '%FF%FE', 'a%2Fb', '..', '.', '%2e%2e', ';', 'a;b=c', '@', '~') },
);

function pathValue(p: Parameter, world: World): fc.Arbitrary<string> {
  const known = world.pathValues[p.name] ?? [];
  const enumValues = (p.schema?.enum ?? []).map(String);
  const isId = /id$/i.test(p.name) || p.schema?.type === 'integer';
  const good = [...known, ...enumValues, ...(isId ? world.ids.map(String) : [])];
  return good.length > 0 ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...good) }, { weight: 2, arbitrary: hostileSegment }) : hostileSegment;
}

const enc = (v: unknown) => {
  const text = typeof v === 'string' ? v : v === undefined ? '' : JSON.stringify(v) ?? '';
  // encodeURIComponent throws on a lone surrogate; a client's library would send it as U+FFFD.
  return encodeURIComponent(text.replace(/[\ud800-\udfff]/g, '\ufffd'));
};

function queryString(op: Operation, ctx: SchemaContext): fc.Arbitrary<string> {
  const declared = op.parameters.filter((p) => p.in === 'query');
  const one = (p: Parameter) =>
    fc.oneof(
      { weight: 1, arbitrary: fc.constant('') },
      { weight: 3, arbitrary: fromSchema(p.schema, ctx, p.name).map((v) => `${p.name}=${enc(v)}`) },
      { weight: 1, arbitrary: fc.constantFrom(...hostileNumberTexts).map((v) => `${p.name}=${v}`) },
      // Repeated: Fastify's parser makes an array of them.
      { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...hostileNumberTexts), fc.constantFrom(...hostileNumberTexts)).map(([a, b]) => `${p.name}=${a}&${p.name}=${b}`) },
      { weight: 1, arbitrary: fc.constant(`${p.name}[a]=1&${p.name}[]=2`) },
    );
  const extra = fc.oneof(
    { weight: 4, arbitrary: fc.constant('') },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom('password', 'token', 'access_token', 'id', '__proto__', 'a'), hostileString).map(([k, v]) => `${k}=${enc(v)}`) },
    { weight: 1, arbitrary: fc.constantFrom('%', '%zz=1', '=', '&&&', 'a=%00', 'a=%ED%A0%80', `a=${'x'.repeat(20_000)}`, '__proto__[x]=1') },
  );
  return fc.tuple(fc.tuple(...declared.map(one)), extra).map(([parts, x]) => [...parts, x].filter(Boolean).join('&'));
}

type Body = { kind: string; payload?: string | Buffer; contentType?: string };

function multipartBody(content: string | undefined, files: { field: string; data: Buffer }[], opts: { boundary?: string; truncate?: number } = {}): Buffer {
  const boundary = opts.boundary ?? `----fuzz${randomUUID()}`;
  const parts: Buffer[] = [];
  if (content !== undefined) parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="content"\r\n\r\n${content}\r\n`));
  for (const f of files) {
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${f.field}"; filename="${f.field}.jpg"\r\ncontent-type: image/jpeg\r\n\r\n`), f.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const all = Buffer.concat(parts);
  return opts.truncate !== undefined ? all.subarray(0, Math.floor(all.length * opts.truncate)) : all;
}

/** Every array of the example grown to `n` copies, every string in an array set to `field`: one file referenced n² times. */
function referenceOneFileMany(example: unknown, field: string, n: number): unknown {
  if (Array.isArray(example)) {
    const first = example[0] ?? field;
    return Array.from({ length: n }, () => (typeof first === 'string' ? field : referenceOneFileMany(first, field, n)));
  }
  if (example && typeof example === 'object') return Object.fromEntries(Object.entries(example).map(([k, v]) => [k, referenceOneFileMany(v, field, n)]));
  return example;
}

function bodies(op: Operation, world: World, ctx: SchemaContext): fc.Arbitrary<Body> {
  const jsonSchema = op.bodySchemas.get('application/json');
  const multipartSchema = op.bodySchemas.get('multipart/form-data')?.properties?.content;
  const example = world.examples.get(`${op.method} ${op.path}`);
  const value: fc.Arbitrary<unknown> = jsonSchema ? fromSchema(jsonSchema, ctx) : example !== undefined ? mutateExample(example) : junk;
  const content: fc.Arbitrary<unknown> = multipartSchema ? fromSchema(multipartSchema, ctx) : example !== undefined ? mutateExample(example) : junk;
  const boundary = `----fuzz${randomUUID()}`;
  const photo = { field: 'photo', data: world.jpeg };
  const mp = (kind: string, payload: Buffer, contentType = `multipart/form-data; boundary=${boundary}`): Body => ({ kind, payload, contentType });
  const options: { weight: number; arbitrary: fc.Arbitrary<Body> }[] = [
    { weight: 8, arbitrary: value.map((v) => ({ kind: 'json', payload: toJsonText(v), contentType: 'application/json' })) },
    { weight: 3, arbitrary: fc.constantFrom(...malformedJsonTexts).map((p) => ({ kind: 'malformed-json', payload: p, contentType: 'application/json' })) },
    { weight: 1, arbitrary: fc.constant({ kind: 'no-body' }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'empty-json', payload: '', contentType: 'application/json' }) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(value, fc.constantFrom('text/plain', 'application/xml', 'application/octet-stream', 'application/json; charset=utf-16', 'application/json; charset=latin1', 'application/x-www-form-urlencoded', ';;;', 'application/json, text/plain', 'APPLICATION/JSON', 'application/vnd.api+json', 'image/jpeg'))
        .map(([v, type]) => ({ kind: `wrong-type ${type}`, payload: toJsonText(v), contentType: type })),
    },
    {
      weight: 1,
      arbitrary: junk.map((v) => ({
        kind: 'form',
        payload: Object.entries(v && typeof v === 'object' ? v : { a: v }).map(([k, x]) => `${enc(k)}=${enc(x)}`).join('&'),
        contentType: 'application/x-www-form-urlencoded',
      })),
    },
    { weight: 3, arbitrary: content.map((c) => mp('multipart', multipartBody(toJsonText(c), [photo], { boundary }))) },
    { weight: 1, arbitrary: content.map((c) => mp('multipart no boundary', multipartBody(toJsonText(c), [photo], { boundary }), 'multipart/form-data')) },
    { weight: 1, arbitrary: fc.tuple(content, fc.double({ min: 0, max: 0.99, noNaN: true })).map(([c, cut]) => mp('multipart truncated', multipartBody(toJsonText(c), [photo], { boundary, truncate: cut }))) },
    { weight: 1, arbitrary: fc.constant(mp('multipart wrong boundary', multipartBody('{}', [photo], { boundary }), 'multipart/form-data; boundary=other')) },
    { weight: 1, arbitrary: fc.constant(mp('multipart empty', Buffer.alloc(0))) },
    { weight: 1, arbitrary: fc.constantFrom('{', 'null', '[]', '"x"', '').map((c) => mp('multipart bad content', multipartBody(c, [photo], { boundary }))) },
    { weight: 1, arbitrary: fc.constant(mp('multipart no content', multipartBody(undefined, [photo, photo, photo], { boundary }))) },
    {
      weight: 1,
      arbitrary: fc.constant(mp('multipart many files', multipartBody('{}', Array.from({ length: 30 }, (_, i) => ({ field: `f${i}`, data: world.jpeg })), { boundary }))),
    },
    { weight: 1, arbitrary: fc.constant(mp('multipart not an image', multipartBody(toJsonText(example ?? {}), [{ field: 'photo', data: Buffer.from('GIF89a not really') }], { boundary }))) },
  ];
  if (example !== undefined || multipartSchema) {
    // The same file field referenced many times: each reference must not decode the file again.
    const base = example ?? {};
    options.push({ weight: 1, arbitrary: fc.constantFrom(5, 20).map((n) => mp(`multipart ${n}x${n} references to one file`, multipartBody(toJsonText(referenceOneFileMany(base, 'photo', n)), [photo], { boundary }))) });
  }
  return fc.oneof(...options);
}

/** The arbitrary of requests to one operation, by any of the world's identities. */
export function requestsFor(op: Operation, world: World, doc: OpenApiDocument): fc.Arbitrary<FuzzRequest> {
  const ctx: SchemaContext = {
    ids: world.ids,
    resolve: (ref) => doc.components?.schemas?.[ref.replace('#/components/schemas/', '')],
  };
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const route = `${op.method} ${op.path}`;
  const hasBody = op.method !== 'GET' && op.method !== 'DELETE';
  const body: fc.Arbitrary<Body> = hasBody ? bodies(op, world, ctx) : fc.oneof({ weight: 9, arbitrary: fc.constant({ kind: 'no-body' }) }, { weight: 1, arbitrary: bodies(op, world, ctx) });
  const extraHeaders = fc.oneof(
    { weight: 8, arbitrary: fc.constant({}) },
    { weight: 1, arbitrary: fc.constantFrom<Record<string, string>>({ 'accept-language': 'xx-\u0000' }, { 'if-none-match': '"\u0001"' }, { 'accept-language': 'fr;q=abc,*;q=1e999' }, { 'x-forwarded-for': 'not an ip' }, { accept: 'text/event-stream' }) },
  );
  const identity = fc.oneof(
    { weight: 9, arbitrary: fc.constantFrom(...world.identities) },
    // Tokens that are not (or no longer) valid, in the shapes clients get wrong.
    { weight: 1, arbitrary: fc.constantFrom<Identity>(
      { name: 'bad-token', headers: { authorization: 'Bearer ' }, userId: null },
      { name: 'bad-token', headers: { authorization: `Bearer ${'x'.repeat(5000)}` }, userId: null },
      { name: 'bad-token', headers: { authorization: 'Bearer a\u0000b' }, userId: null },
      { name: 'bad-token', headers: { authorization: 'Basic Zm9vOmJhcg==' }, userId: null },
      { name: 'bad-token', headers: { authorization: 'Bearer %00' }, userId: null },
    ) },
  );
  return fc
    .record({ path: fc.tuple(...pathParams.map((p) => pathValue(p, world))), query: queryString(op, ctx), body, identity, extra: extraHeaders })
    .map(({ path: values, query, body: b, identity: who, extra }) => {
      let i = 0;
      const path = op.path.replace(/\{\w+\}/g, () => values[i++] ?? '');
      const headers: Record<string, string> = { ...extra, ...who.headers };
      if (b.contentType) headers['content-type'] = b.contentType;
      return { route, identity: who, method: op.method, url: query ? `${path}?${query}` : path, headers, payload: b.payload, kind: b.kind };
    });
}
