import { describe, expect, it } from 'vitest';
import { maskBirthday } from '@vm/ui/birthday-input.ts';
import { safeRedirect } from './safe-redirect.ts';

describe('redirect after login', () => {
  it('only follows routes of this app', () => {
    expect(safeRedirect('/account')).toBe('/account');
    expect(safeRedirect('/jobs/create?step=6')).toBe('/jobs/create?step=6');
    expect(safeRedirect('//evil.example')).toBeNull();
    expect(safeRedirect('https://evil.example')).toBeNull();
    expect(safeRedirect(null)).toBeNull();
  });
});

describe('birthday mask', () => {
  it('adds the slashes of DD/MM/YYYY while typing and drops anything else', () => {
    expect(maskBirthday('0')).toBe('0');
    expect(maskBirthday('020')).toBe('02/0');
    expect(maskBirthday('02041991')).toBe('02/04/1991');
    expect(maskBirthday('02/04/19917')).toBe('02/04/1991');
    expect(maskBirthday('ab02-04')).toBe('02/04');
  });
});
