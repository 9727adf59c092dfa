import { MAX_ROW_ID } from '@vm/domain/wire';
import { describe, expect, it } from 'vitest';
import { routeId } from './route-id.ts';

describe('routeId', () => {
  it('reads a plain positive number', () => {
    expect(routeId('1')).toBe(1);
    expect(routeId('4711')).toBe(4711);
    expect(routeId(String(MAX_ROW_ID))).toBe(MAX_ROW_ID);
  });

  it('refuses what is not a record id, so no request for NaN is made', () => {
    for (const bad of [undefined, '', 'abc', 'NaN', '0', '-3', '1.5', '1e3', '007', ' 12', '0x1F', String(MAX_ROW_ID + 1), '99999999999']) {
      expect(routeId(bad), String(bad)).toBeNull();
    }
  });
});
