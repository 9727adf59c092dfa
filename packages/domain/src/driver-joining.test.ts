import { describe, expect, it } from 'vitest';
import { SELF_BILLING_AGREEMENT } from './self-billing-agreement.ts';
import { bidBlock, checkCompanyNumber, driverAccountSchema, checkIban, expiryNoticeDue, needsTransportLicence, requiredDocuments, selfBillingAcceptSchema, vehicleInputSchema, type VehicleInput } from './driver-joining.ts';
import { messages } from './messages.ts';

const van = (over: Partial<Record<keyof VehicleInput, unknown>> = {}) =>
  vehicleInputSchema.safeParse({ type: 'van', name: 'Renault Kangoo', plate: '1-abc-123', payload_kg: 450, max_mass_kg: 2_200, load_length_cm: 250, load_width_cm: 170, load_height_cm: 140, ...over });
const issues = (r: ReturnType<typeof van>) => r.error?.issues.map((i) => `${i.path.join('.')}:${i.message}`) ?? [];

describe('enterprise numbers (KBO/BCE)', () => {
  it('accepts a real number however it is written, stored as 10 digits', () => {
    for (const typed of ['0403.170.701', 'BE 0403 170 701', '0403170701', '403170701']) expect(checkCompanyNumber(typed)).toEqual({ ok: true, value: '0403170701' });
  });

  it('says whether the format or the check digits are wrong', () => {
    expect(checkCompanyNumber('0403.170.702')).toEqual({ ok: false, problem: 'company_number_checksum' });
    expect(checkCompanyNumber('2403170701')).toEqual({ ok: false, problem: 'company_number_format' });
    expect(checkCompanyNumber('04031707')).toEqual({ ok: false, problem: 'company_number_format' });
  });
});

describe('IBAN', () => {
  it('accepts Belgian and other SEPA accounts as people write them, stored without spaces', () => {
    expect(checkIban('BE68 5390 0754 7034')).toEqual({ ok: true, value: 'BE68539007547034' });
    expect(checkIban('nl91abna0417164300')).toEqual({ ok: true, value: 'NL91ABNA0417164300' });
  });

  it('refuses a wrong check digit, a wrong length or no IBAN at all', () => {
    for (const bad of ['BE68 5390 0754 7035', 'BE68 5390 0754 703', 'XX00 1234', '']) expect(checkIban(bad)).toEqual({ ok: false, problem: 'iban_invalid' });
  });
});

describe('the transport licence rule', () => {
  it('applies above 500 kg payload or above 2,500 kg maximum mass, not at them', () => {
    expect(needsTransportLicence({ payload_kg: 500, max_mass_kg: 2_500 })).toBe(false);
    expect(needsTransportLicence({ payload_kg: 501, max_mass_kg: 2_000 })).toBe(true);
    expect(needsTransportLicence({ payload_kg: 400, max_mass_kg: 2_501 })).toBe(true);
  });

  it('asks a vehicle it names for the licence number and expiry, at those fields', () => {
    expect(van().success).toBe(true);
    expect(issues(van({ payload_kg: 1_200, max_mass_kg: 3_500 }))).toEqual(['licence_number:licence_required', 'licence_expires:licence_required']);
    expect(van({ payload_kg: 1_200, max_mass_kg: 3_500, licence_number: 'VG-123456', licence_expires: '2027-06-30' }).success).toBe(true);
  });

  it('checks the vehicle itself: plate, bounds, a mass at least its payload', () => {
    expect(van().data?.plate).toBe('1-ABC-123');
    expect(issues(van({ plate: '!!' }))).toEqual(['plate:plate_invalid']);
    expect(issues(van({ payload_kg: 0 }))).toContain('payload_kg:dimension_min');
    expect(issues(van({ max_mass_kg: 300 }))).toContain('max_mass_kg:mass_below_payload');
    expect(issues(van({ load_width_cm: 261 }))).toEqual(['load_width_cm:dimension_max']);
  });

  it('has a message in every language for each problem it names', () => {
    for (const key of ['company_number_format', 'company_number_checksum', 'iban_invalid', 'plate_invalid', 'mass_below_payload', 'licence_required'] as const) {
      for (const lang of ['nl', 'fr', 'en'] as const) expect(messages[lang][key], `${lang} ${key}`).toBeTruthy();
    }
  });
});

describe('who may bid', () => {
  const light = van().data!;
  const heavy = van({ payload_kg: 1_200, max_mass_kg: 3_500, licence_number: 'VG-1', licence_expires: '2027-01-31' }).data!;
  const docs = [
    { kind: 'driving_licence' as const, expires: '2030-01-01' },
    { kind: 'cmr_insurance' as const, expires: '2026-12-31' },
  ];

  it('needs the transport licence document only for a vehicle the rule names', () => {
    expect(requiredDocuments([light])).toEqual(['driving_licence', 'cmr_insurance']);
    expect(requiredDocuments([light, heavy])).toEqual(['driving_licence', 'cmr_insurance', 'transport_licence']);
  });

  it('lets an approved driver with valid documents bid, through the last day of a document', () => {
    expect(bidBlock({ approved: true, documents: docs }, light, '2026-11-25')).toBeNull();
    expect(bidBlock({ approved: true, documents: docs }, light, '2026-12-31')).toBeNull();
  });

  it('says why not: not approved, a document missing or expired, a licence missing or expired', () => {
    expect(bidBlock({ approved: false, documents: docs }, light, '2026-11-25')).toEqual({ reason: 'not_approved' });
    expect(bidBlock({ approved: true, documents: docs.slice(0, 1) }, light, '2026-11-25')).toEqual({ reason: 'document_missing', kind: 'cmr_insurance' });
    expect(bidBlock({ approved: true, documents: docs }, light, '2027-01-01')).toEqual({ reason: 'document_expired', kind: 'cmr_insurance', expired: '2026-12-31' });
    const withLicence = [...docs, { kind: 'transport_licence' as const, expires: '2027-01-31' }];
    expect(bidBlock({ approved: true, documents: docs }, heavy, '2026-11-25')).toEqual({ reason: 'document_missing', kind: 'transport_licence' });
    expect(bidBlock({ approved: true, documents: withLicence }, { ...heavy, licence_number: '' }, '2026-11-25')).toEqual({ reason: 'licence_missing' });
    expect(bidBlock({ approved: true, documents: [...withLicence, { kind: 'cmr_insurance', expires: '2028-01-01' }] }, heavy, '2027-02-01')).toEqual({ reason: 'document_expired', kind: 'transport_licence', expired: '2027-01-31' });
  });

  it('takes the newest of several uploads of one kind', () => {
    const renewed = [...docs, { kind: 'cmr_insurance' as const, expires: '2027-12-31' }];
    expect(bidBlock({ approved: true, documents: renewed }, light, '2027-06-01')).toBeNull();
  });
});

describe('expiry notices', () => {
  it('are due from 30 days before and again from 7 days before, none further off or once expired', () => {
    expect(expiryNoticeDue('2026-12-31', '2026-11-30')).toBeNull();
    expect(expiryNoticeDue('2026-12-31', '2026-12-01')).toBe(30);
    expect(expiryNoticeDue('2026-12-31', '2026-12-23')).toBe(30);
    expect(expiryNoticeDue('2026-12-31', '2026-12-24')).toBe(7);
    expect(expiryNoticeDue('2026-12-31', '2026-12-31')).toBe(7);
    expect(expiryNoticeDue('2026-12-31', '2027-01-01')).toBeNull();
  });
});

describe('the driver part of an account', () => {
  const account = (over: Record<string, unknown> = {}) => driverAccountSchema.safeParse({ kind: 'person', company_number: '0403.170.701', vat: 'BE 0403.170.701', iban: 'BE68 5390 0754 7034', self_billing_accepted: true, ...over });
  const problems = (r: ReturnType<typeof account>) => r.error?.issues.map((i) => `${i.path.join('.')}:${i.message}`) ?? [];

  it('comes out normalised: 10-digit number, VAT and IBAN without spaces, no company name for a person', () => {
    expect(account({ company_name: 'Peeters' }).data).toEqual({ kind: 'person', company_name: '', company_number: '0403170701', vat: 'BE0403170701', vat_exempt: false, iban: 'BE68539007547034', self_billing_accepted: true });
  });

  it('takes the small-business exemption instead of a VAT number, not both', () => {
    expect(account({ vat: '', vat_exempt: true }).data?.vat).toBe('');
    expect(problems(account({ vat_exempt: true }))).toEqual(['vat:vat_with_exemption']);
    expect(problems(account({ vat: '' }))).toEqual(['vat:required']);
  });

  it('says at each field what is wrong', () => {
    expect(problems(account({ kind: 'company' }))).toEqual(['company_name:required']);
    expect(problems(account({ company_number: '0403.170.702' }))).toEqual(['company_number:company_number_checksum']);
    expect(problems(account({ vat: 'BE0417497106' }))).toEqual(['vat:vat_not_company']);
    expect(problems(account({ iban: 'BE68 5390 0754 7035' }))).toEqual(['iban:iban_invalid']);
  });

  it('needs the self-billing agreement accepted: left out or refused, the field says so', () => {
    expect(problems(account({ self_billing_accepted: undefined }))).toEqual(['self_billing_accepted:self_billing_required']);
    expect(problems(account({ self_billing_accepted: false }))).toEqual(['self_billing_accepted:self_billing_required']);
    expect(messages.nl.self_billing_required).toMatch(/zelffacturatie/);
    expect(messages.fr.self_billing_required).toMatch(/autofacturation/);
    expect(messages.en.self_billing_required).toMatch(/self-billing/);
  });
});

describe('the self-billing agreement', () => {
  it('POST /api/driver/profile/self-billing takes only { accept: true }', () => {
    expect(selfBillingAcceptSchema.safeParse({ accept: true }).success).toBe(true);
    expect(selfBillingAcceptSchema.safeParse({ accept: false }).error?.issues[0]?.message).toBe('self_billing_required');
    expect(selfBillingAcceptSchema.safeParse({}).success).toBe(false);
  });

  it('has its text in nl, fr and en, each naming art. 53 § 2, the 30 days to contest and ending in writing', () => {
    for (const [lang, words] of [
      ['nl', ['53, § 2', '30 dagen', 'btw-verplichtingen', 'schriftelijk beëindigen']],
      ['fr', ['53, § 2', '30 jours', 'obligations en matière de TVA', 'mettre fin à cette convention par écrit']],
      ['en', ['53, § 2', '30 days', 'own VAT obligations', 'end this agreement in writing']],
    ] as const) {
      const text = SELF_BILLING_AGREEMENT[lang].paragraphs.join(' ');
      for (const w of words) expect(text).toContain(w);
    }
  });
});

describe('joining at the edges', () => {
  const account = (over: Record<string, unknown> = {}) => driverAccountSchema.safeParse({ kind: 'person', company_number: '0403.170.701', vat: 'BE 0403.170.701', iban: 'BE68 5390 0754 7034', self_billing_accepted: true, ...over });
  const found = (r: { error?: { issues: { code: string; path: PropertyKey[]; message: string }[] } }) => r.error?.issues.map((i) => `${i.code} ${i.path.join('.')}:${i.message}`) ?? [];

  it.each(['0403170701BE', '20403170701', '04031707019', 'BEBE0403170701'])('refuses %j as not the format of an enterprise number', (input) => {
    expect(checkCompanyNumber(input)).toEqual({ ok: false, problem: 'company_number_format' });
  });

  it('takes an enterprise number written with BE in front', () => {
    expect(checkCompanyNumber('be0403170701')).toEqual({ ok: true, value: '0403170701' });
  });

  it('treats a VAT number of spaces as none: fine with the exemption, required without', () => {
    expect(found(account({ vat: '   ', vat_exempt: true }))).toEqual([]);
    expect(found(account({ vat: '   ' }))).toEqual(['custom vat:required']);
  });

  it('says why a VAT number is wrong at the VAT field, and takes another member state’s VAT number', () => {
    expect(found(account({ vat: 'BE0403170702' }))).toEqual(['custom vat:vat_checksum']);
    expect(found(account({ vat: 'XX123' }))).toEqual(['custom vat:vat_country']);
    expect(found(account({ vat: 'DE136695976' }))).toEqual([]);
    expect(found(account({ kind: 'company', company_name: '' }))).toEqual(['custom company_name:required']);
  });

  it('keeps a company’s name', () => {
    expect(account({ kind: 'company', company_name: 'Peeters Transport BV' }).data?.company_name).toBe('Peeters Transport BV');
  });

  it('takes a vehicle whose maximum mass equals its payload; a licence missing is said at each licence field', () => {
    expect(issues(van({ payload_kg: 450, max_mass_kg: 450 }))).toEqual([]);
    expect(van({ payload_kg: 451, max_mass_kg: 450 }).error?.issues.map((i) => [i.code, i.path.join('.'), i.message])).toEqual([['custom', 'max_mass_kg', 'mass_below_payload']]);
    expect(van({ payload_kg: 1_200, max_mass_kg: 3_500 }).error?.issues.map((i) => [i.code, i.path.join('.'), i.message])).toEqual([
      ['custom', 'licence_number', 'licence_required'],
      ['custom', 'licence_expires', 'licence_required'],
    ]);
  });

  it('lets a driver bid with a licensed vehicle through the licence’s last day, not after', () => {
    const heavy = van({ payload_kg: 1_200, max_mass_kg: 3_500, licence_number: 'VG-1', licence_expires: '2027-01-31' }).data!;
    const documents = [
      { kind: 'driving_licence' as const, expires: '2030-01-01' },
      { kind: 'cmr_insurance' as const, expires: '2030-01-01' },
      { kind: 'transport_licence' as const, expires: '2030-01-01' },
    ];
    expect(bidBlock({ approved: true, documents }, heavy, '2027-01-31')).toBeNull();
    expect(bidBlock({ approved: true, documents }, heavy, '2027-02-01')).toEqual({ reason: 'licence_expired', expired: '2027-01-31' });
    expect(bidBlock({ approved: true, documents }, { ...heavy, licence_expires: '' }, '2027-01-01')).toEqual({ reason: 'licence_missing' });
  });

  it('takes the newest upload of a kind whatever the order they were listed in', () => {
    const light = van().data!;
    const documents = [
      { kind: 'cmr_insurance' as const, expires: '2027-12-31' },
      { kind: 'driving_licence' as const, expires: '2030-01-01' },
      { kind: 'cmr_insurance' as const, expires: '2026-12-31' },
    ];
    expect(bidBlock({ approved: true, documents }, light, '2027-06-01')).toBeNull();
  });
});
