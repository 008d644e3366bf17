import { describe, expect, it } from 'vitest';
import { dayIn, isTimeZone } from './time-zone';

describe('isTimeZone', () => {
  it('knows IANA zones', () => {
    expect(isTimeZone('America/Mexico_City')).toBe(true);
    expect(isTimeZone('Asia/Tokyo')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
  });
  it('refuses what is no zone', () => {
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('CST')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(isTimeZone('+05:00')).toBe(false);
  });
});

describe('dayIn', () => {
  // 02:30 UTC on 5 May is still the evening of 4 May in Mexico City (UTC-6) and morning in Tokyo.
  const instant = new Date('2026-05-05T02:30:00Z');
  it("is the zone's calendar day, not UTC's", () => {
    expect(dayIn('America/Mexico_City', instant)).toBe('2026-05-04');
    expect(dayIn('Asia/Tokyo', instant)).toBe('2026-05-05');
    expect(dayIn('UTC', instant)).toBe('2026-05-05');
  });
  it('turns at local midnight', () => {
    expect(dayIn('America/Mexico_City', new Date('2026-05-05T05:59:59Z'))).toBe('2026-05-04');
    expect(dayIn('America/Mexico_City', new Date('2026-05-05T06:00:00Z'))).toBe('2026-05-05');
  });
  it('answers each instant by its own second, whatever was asked before (the day last found is kept per zone and second)', () => {
    const zone = 'America/Mexico_City';
    expect(dayIn(zone, new Date('2026-05-05T05:59:59.999Z'))).toBe('2026-05-04');
    expect(dayIn(zone, new Date('2026-05-05T05:59:59.001Z'))).toBe('2026-05-04');
    expect(dayIn(zone, new Date('2026-05-05T06:00:00.000Z'))).toBe('2026-05-05');
    expect(dayIn(zone, new Date('2026-05-05T05:59:59.500Z'))).toBe('2026-05-04');
    expect(dayIn('Asia/Tokyo', new Date('2026-05-05T05:59:59.500Z'))).toBe('2026-05-05');
    expect(dayIn(zone, new Date('2026-05-05T06:00:00.999Z'))).toBe('2026-05-05');
  });
});
