import fc from 'fast-check';

// Values a careless or hostile client sends where the contract expects something sane. Each list
// names a class of bug seen in the wild: integer overflow of 32-bit columns, NUL bytes that
// PostgreSQL refuses, strings long enough to hit column or memory limits, Unicode that breaks
// naive encoders (lone surrogates survive JSON.stringify as \ud800 escapes), and type confusion.

/** JSON cannot carry these numbers; bodies hold a marker string that `toJsonText` swaps for the raw literal. */
export const RAW_NUMBERS = ['1e999', '-1e999', '1e-999', '123456789012345678901234567890', '-0', '1E400', '0.0000000000000000000001'];
const rawMarker = (n: string) => `\u0000RAW:${n}\u0000`;

export const boundaryNumbers = [
  0, -1, 1, 2 ** 31 - 1, 2 ** 31, 2 ** 32, -(2 ** 31), -(2 ** 31) - 1, 2 ** 53, 2 ** 53 + 2, -(2 ** 53), 1e15, -1e15, 1e21, 1.5, -0.5,
  0.1, Number.MAX_VALUE, -Number.MAX_VALUE, Number.MIN_VALUE, 86400 * 365 * 10000, -62167219200,
];

/** Path and query text: numbers as a parser sees them, and things that only look like numbers. */
export const hostileNumberTexts = [
  '0', '-1', '2147483647', '2147483648', '4294967296', '9007199254740992', '9007199254740993', '1e15', '-1e15', '1e400',
  '1.5', '1.0', '01', '0x10', '0b1', '1e3', ' 1', '1 ', '+1', 'NaN', 'Infinity', '-Infinity', 'null', 'undefined', 'true',
  '', '99999999999999999999999999', '١٢٣', '１２３', '1%00', '%00', '%', '%zz', '%C0%80', '%ED%A0%80', '..', '..%2F..%2Fetc%2Fpasswd',
];

const controlChars = Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)).concat(['\u007f', '\u0085', '\u2028', '\u2029', '\ufeff', '\ufffe', '\uffff']);

export const hostileStringConstants = [
  '', ' ', '\u0000', 'a\u0000b', '\u0000'.repeat(100), ...controlChars.map((c) => `x${c}y`),
  '\u202eevil\u202c', '\u200f\u0627\u0644\u0639\u0631\u0628\u064a\u0629', '👨‍👩‍👧‍👦🇧🇪', '\ud800', '\udfff', 'a\ud800b', '\udc00\ud800',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇', 'ǅ', 'ß', 'İ', '\u0301', "'; drop table users; --", '" OR 1=1 --', '${7*7}{{7*7}}', '<script>alert(1)</script>',
  '../../../../etc/passwd', 'C:\\Windows\\win.ini', '%00', '%s%s%s%n', '\\u0000', 'null', 'undefined', 'NaN', 'true', '[]', '{}',
  '-1', '2147483648', '1e999', 'a'.repeat(256), 'a'.repeat(10_001), '€'.repeat(20_000), '😀'.repeat(5000), 'x'.repeat(100_000),
  'no-reply@example.be\r\nBcc: all@example.be', 'javascript:alert(1)', 'data:text/html,<b>', 'http://169.254.169.254/latest/meta-data/',
  '__proto__', 'constructor', 'prototype', '+32 470 00 00 00\u0000', '0470 12 34 56'.padEnd(500, '9'),
];

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...hostileStringConstants) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  // A printable prefix with control characters inside, the shape a copy-paste from a PDF makes.
  { weight: 2, arbitrary: fc.tuple(fc.string({ maxLength: 10 }), fc.constantFrom(...controlChars), fc.string({ maxLength: 10 })).map(([a, c, b]) => `${a}${c}${b}`) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('a', '\u0000', '😀', 'é', '\ud800'), fc.integer({ min: 1000, max: 70_000 })).map(([c, n]) => c.repeat(n)) },
);

export const hostileNumber: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...boundaryNumbers) },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.constantFrom(...RAW_NUMBERS).map(rawMarker) },
  { weight: 2, arbitrary: fc.constantFrom(...hostileNumberTexts) },
);

/** Anything JSON can hold, nested a few levels deep, with keys that trip up naive object handling. */
export const junk: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    hostileNumber,
    hostileString,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('__proto__', 'constructor', 'id', 'user_id', '')), tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** Arrays nested thousands deep: recursive validators and serialisers can overflow the stack. */
export const deepNesting = (depth: number, open = '[', close = ']') => `${open.repeat(depth)}${close.repeat(depth)}`;

/** JSON text of a generated value, with raw number markers replaced by literals JSON.stringify cannot write. */
export function toJsonText(value: unknown): string {
  const text = JSON.stringify(value) ?? 'null';
  return text.replace(/"\\u0000RAW:([^"\\]*)\\u0000"/g, (_m, n: string) => n);
}

/** Text bodies that are not JSON, or are JSON of a shape no route takes. */
export const malformedJsonTexts = [
  '', ' ', '{', '}', '{"a":', '{"a":1,}', "{'a':1}", '{"a":1}{"b":2}', '[1,2', 'nul', 'null', 'true', '0', '-1', '"x"', '[]', '[{}]', '{}',
  '{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"x":1}}}', '\ufeff{}', '{"a":"\\ud800"}', '{"a":"\\u0000"}', '{"a":1e999}',
  '{"a":NaN}', '{"a":Infinity}', '{"a":undefined}', '{"a" 1}', '{"a":"x"\u0000}', '\u0000', 'a=1&b=2', '<xml/>', deepNesting(5000),
  `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`, `{"a":"${'x'.repeat(2_000_000)}"}`, '{"a":' + '1'.repeat(5000) + '}',
  Buffer.from([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00]).toString('latin1'), '\xc3\x28', '{"a":"\xed\xa0\x80"}',
];
