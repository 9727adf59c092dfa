import fc from 'fast-check';
import { boundaryNumbers, hostileNumber, hostileString, junk } from './hostile-values.ts';

// fast-check arbitraries from the JSON Schemas of the OpenAPI document (3.1: JSON Schema 2020-12).
// Each node is mostly valid-shaped (so a request gets past the outer checks and reaches the code
// behind them) and sometimes hostile: a boundary or a wrong type, a missing required field, an
// extra one. One hostile leaf among valid siblings is what finds the crash deep in a route.

export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
  $ref?: string;
};

/** What the world knows: ids that exist (of every user) to put where a schema wants an id. */
export type SchemaContext = { ids: number[]; resolve: (ref: string) => JsonSchema | undefined };

const wrongType: fc.Arbitrary<unknown> = fc.oneof(fc.constant(null), fc.boolean(), fc.constant([]), fc.constant({}), hostileNumber, hostileString, junk);

function validInteger(s: JsonSchema, key: string, ctx: SchemaContext): fc.Arbitrary<number> {
  const min = Math.max(s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : -(2 ** 31)), Number.MIN_SAFE_INTEGER);
  const max = Math.min(s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : 2 ** 31 - 1), Number.MAX_SAFE_INTEGER);
  const edges = [min, max, min - 1, max + 1].filter(Number.isSafeInteger);
  const options: fc.Arbitrary<number>[] = [fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.max(Math.min(max, 2 ** 31 - 1), Math.max(min, -(2 ** 31))) }), fc.constantFrom(...edges)];
  if (/id$/i.test(key) && ctx.ids.length > 0) options.push(fc.constantFrom(...ctx.ids), fc.constantFrom(...ctx.ids));
  return fc.oneof(...options);
}

function validNumber(s: JsonSchema): fc.Arbitrary<number> {
  const min = s.minimum ?? s.exclusiveMinimum ?? -1e6;
  const max = s.maximum ?? s.exclusiveMaximum ?? 1e6;
  return fc.oneof(fc.double({ min, max, noNaN: true, noDefaultInfinity: true }), fc.constantFrom(min, max));
}

function validString(s: JsonSchema): fc.Arbitrary<string> {
  const options: fc.Arbitrary<string>[] = [fc.string({ minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 30, 30) })];
  if (s.maxLength !== undefined) options.push(fc.constant('a'.repeat(s.maxLength)), fc.constant('a'.repeat(s.maxLength + 1)), fc.constant('é'.repeat(s.maxLength)));
  if (s.pattern) {
    try {
      options.push(fc.stringMatching(new RegExp(s.pattern)).filter((x) => x.length <= (s.maxLength ?? 200)));
    } catch {
      // A pattern fast-check cannot invert: the other options still apply.
    }
  }
  if (s.format === 'date' || /date|birthday/.test(s.pattern ?? '')) options.push(fc.constantFrom('1990-05-17', '0000-00-00', '9999-12-31', '2026-02-30', '-001990-05-17'));
  if (s.format === 'email') options.push(fc.constantFrom('a@example.be', 'a@b', '@', 'a@example.be\u0000'));
  // Strings that carry numbers (ids in query strings, amounts in forms).
  options.push(fc.constantFrom(...boundaryNumbers.map(String)));
  return fc.oneof(...options);
}

/**
 * An arbitrary for values of `schema`. `hostility` is the weight of the hostile branch against 4
 * for the valid-shaped one at every node.
 */
export function fromSchema(schema: JsonSchema | undefined, ctx: SchemaContext, key = '', depth = 0, hostility = 1): fc.Arbitrary<unknown> {
  if (!schema || depth > 8) return junk;
  if (schema.$ref) return fromSchema(ctx.resolve(schema.$ref), ctx, key, depth + 1, hostility);
  const hostile = fc.oneof(wrongType, fc.constant(undefined));
  const mix = (valid: fc.Arbitrary<unknown>) => fc.oneof({ weight: 4, arbitrary: valid }, { weight: hostility, arbitrary: hostile });

  if (schema.const !== undefined) return mix(fc.constant(schema.const));
  if (schema.enum) return mix(fc.oneof(fc.constantFrom(...schema.enum), fc.constantFrom(...schema.enum.map((e) => (typeof e === 'string' ? e.toUpperCase() : e)))));
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((a) => fromSchema(a, ctx, key, depth + 1, hostility)));
  if (schema.allOf) {
    const props: Record<string, JsonSchema> = {};
    const required: string[] = [];
    for (const part of schema.allOf) {
      Object.assign(props, part.properties);
      required.push(...(part.required ?? []));
    }
    return fromSchema({ type: 'object', properties: props, required }, ctx, key, depth + 1, hostility);
  }

  const types = [schema.type ?? (schema.properties ? 'object' : undefined)].flat().filter((t): t is string => !!t);
  if (types.length === 0) return junk;
  return fc.oneof(
    ...types.map((type) => {
      switch (type) {
        case 'integer':
          return mix(validInteger(schema, key, ctx));
        case 'number':
          return mix(validNumber(schema));
        case 'string':
          return mix(validString(schema));
        case 'boolean':
          return mix(fc.boolean());
        case 'null':
          return fc.constant(null);
        case 'array': {
          const item = fromSchema(schema.items, ctx, key, depth + 1, hostility);
          const max = schema.maxItems ?? 5;
          return mix(
            fc.oneof(
              fc.array(item, { minLength: schema.minItems ?? 0, maxLength: Math.min(max, 5) }),
              // Just over the maximum, and far over it: the length limit must hold before any work per item.
              fc.array(item, { minLength: max + 1, maxLength: max + 2 }),
              item.map((one) => Array.from({ length: 1000 }, () => one)),
            ),
          );
        }
        case 'object':
          return mix(objectOf(schema, ctx, depth, hostility));
        default:
          return junk;
      }
    }),
  );
}

function objectOf(schema: JsonSchema, ctx: SchemaContext, depth: number, hostility: number): fc.Arbitrary<Record<string, unknown>> {
  const props = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  const fields = props.map(([name, s]) =>
    // Required fields are there nearly always; optional ones half the time.
    fc.tuple(fc.constant(name), fromSchema(s, ctx, name, depth + 1, hostility), fc.integer({ min: 0, max: 19 })).map(([n, v, roll]) => ({
      name: n,
      value: v,
      present: required.has(n) ? roll !== 0 : roll < 10,
    })),
  );
  const extra = fc.dictionary(fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom('__proto__', 'constructor', 'id', 'user_id', 'sender_id', 'admin', 'state')), junk, { maxKeys: 3 });
  return fc.tuple(fc.tuple(...fields), fc.oneof({ weight: 4, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: extra })).map(([values, extras]) => {
    const out: Record<string, unknown> = {};
    for (const f of values) if (f.present && f.value !== undefined) out[f.name] = f.value;
    for (const [k, v] of Object.entries(extras)) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
    return out;
  });
}

/**
 * Hostile variants of a known-good example (for bodies the document does not describe yet): the
 * example itself, or one leaf of it replaced by a hostile value, or one field dropped.
 */
export function mutateExample(example: unknown): fc.Arbitrary<unknown> {
  const paths: (string | number)[][] = [];
  const walk = (v: unknown, at: (string | number)[]) => {
    paths.push(at);
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, [...at, i]));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, [...at, k]);
  };
  walk(example, []);
  const replaceAt = (v: unknown, at: (string | number)[], put: (old: unknown) => unknown): unknown => {
    if (at.length === 0) return put(v);
    const [head, ...rest] = at;
    if (Array.isArray(v)) return v.map((x, i) => (i === head ? replaceAt(x, rest, put) : x));
    const copy = { ...(v as Record<string, unknown>) };
    const next = replaceAt(copy[head as string], rest, put);
    if (next === undefined) delete copy[head as string];
    else copy[head as string] = next;
    return copy;
  };
  const leafValue = fc.oneof(hostileString, hostileNumber, wrongType, fc.constant(undefined));
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant(example) },
    { weight: 8, arbitrary: fc.tuple(fc.constantFrom(...paths), leafValue).map(([at, v]) => replaceAt(example, at, () => v)) },
    { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...paths), leafValue, fc.constantFrom(...paths), leafValue).map(([a, v, b, w]) => replaceAt(replaceAt(example, a, () => v), b, () => w)) },
  );
}
