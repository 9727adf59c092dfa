import { describe, expect, it } from 'vitest';
import { metresBetween, worthSending } from './position.ts';

// Decision 0029: a position is sent at most every 30 s or after 200 m.

describe('the position throttle', () => {
  const at = (lat: number, lng: number, s: number) => ({ lat, lng, accuracy: 10, at: s * 1000 });
  it('sends the first fix, then one 30 s later or 200 m further, not in between', () => {
    expect(worthSending(null, at(50.93, 5.338, 0))).toBe(true);
    expect(worthSending(at(50.93, 5.338, 0), at(50.9301, 5.338, 10))).toBe(false);
    expect(worthSending(at(50.93, 5.338, 0), at(50.9301, 5.338, 30))).toBe(true);
    expect(worthSending(at(50.93, 5.338, 0), at(50.932, 5.338, 5))).toBe(true);
  });
  it('measures metres on the ground', () => {
    expect(Math.round(metresBetween({ lat: 50.93, lng: 5.338 }, { lat: 50.932, lng: 5.338 }))).toBe(222);
  });
});
