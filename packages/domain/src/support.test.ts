import { describe, expect, it } from 'vitest';
import { isMessageKey } from './messages.ts';
import { MAX_SUPPORT_MESSAGE_LENGTH, SUPPORT_TOPICS, supportContactSchema } from './support.ts';

// The help page's contact form (issue 20, defect 12): what a guest or a signed-in sender sends.

type Schema = { safeParse: (v: unknown) => { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } };
const errors = (schema: Schema, input: unknown) => {
  const r = schema.safeParse(input);
  return r.success ? [] : r.error!.issues.map((i) => [...i.path.map(String), i.message].join(':'));
};
const body = { name: 'An Peeters', email: 'an@example.be', topic: 'payment', message: 'Where is my refund?' };

describe('the contact form', () => {
  it('takes a name, an email, a topic and a message, trimmed, and optionally a job', () => {
    expect(supportContactSchema.parse({ name: '  An Peeters ', email: ' An@Example.BE ', topic: 'payment', message: '\n Where is my refund?\n' })).toEqual(body);
    expect(supportContactSchema.parse({ ...body, shipment_id: 12 })).toEqual({ ...body, shipment_id: 12 });
    expect(supportContactSchema.parse({ ...body, shipment_id: null })).toEqual({ ...body, shipment_id: null });
  });

  it('asks for a name of 1 to 200 characters on one line', () => {
    const name = (n: unknown) => errors(supportContactSchema, { ...body, name: n });
    expect(name('A')).toEqual([]);
    expect(name('x'.repeat(200))).toEqual([]);
    expect(name(` ${'x'.repeat(200)} `)).toEqual([]);
    expect(name('x'.repeat(201))).toEqual(['name:too_long']);
    expect(name('')).toEqual(['name:required']);
    expect(name('   ')).toEqual(['name:required']);
    expect(name(undefined)).toEqual(['name:required']);
    expect(name(7)).toEqual(['name:required']);
    expect(name('An\nPeeters')).toEqual(['name:required']);
    expect(name('An\u0000')).toEqual(['name:required']);
  });

  it('asks for a valid email address', () => {
    expect(errors(supportContactSchema, { ...body, email: undefined })).toEqual(['email:required']);
    expect(errors(supportContactSchema, { ...body, email: 'an@' })).toEqual(['email:email_invalid']);
  });

  it('knows five topics', () => {
    expect(SUPPORT_TOPICS).toEqual(['payment', 'cancellation', 'insurance', 'account', 'other']);
    for (const topic of SUPPORT_TOPICS) expect(errors(supportContactSchema, { ...body, topic }), topic).toEqual([]);
    for (const topic of ['billing', 'Payment', '', undefined]) expect(errors(supportContactSchema, { ...body, topic }), String(topic)).toEqual(['topic:required']);
  });

  it(`asks for a message of 1 to ${MAX_SUPPORT_MESSAGE_LENGTH} characters, several lines allowed`, () => {
    expect(MAX_SUPPORT_MESSAGE_LENGTH).toBe(4000);
    const message = (m: unknown) => errors(supportContactSchema, { ...body, message: m });
    expect(message('?')).toEqual([]);
    expect(message('x'.repeat(4000))).toEqual([]);
    expect(message(`\n${'x'.repeat(4000)}\n`)).toEqual([]);
    expect(message('x'.repeat(4001))).toEqual(['message:too_long']);
    expect(message('line one\r\n\tline two')).toEqual([]);
    expect(message('')).toEqual(['message:message_required']);
    expect(message(' \n ')).toEqual(['message:message_required']);
    expect(message(undefined)).toEqual(['message:message_required']);
    expect(message(['hi'])).toEqual(['message:message_required']);
    expect(message('hi\u0000')).toEqual(['message:message_invalid']);
    expect(message('hi\u007f there')).toEqual(['message:message_invalid']);
  });

  it('takes a job id within the id range', () => {
    for (const bad of [0, -1, 1.5, '12']) expect(errors(supportContactSchema, { ...body, shipment_id: bad }), String(bad)).toEqual(['shipment_id:invalid_body']);
  });

  it('uses only keys the message catalogue can translate', () => {
    for (const key of ['required', 'too_long', 'message_required', 'message_invalid', 'email_invalid', 'invalid_body']) expect(isMessageKey(key), key).toBe(true);
  });
});
