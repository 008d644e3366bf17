import { describe, expect, it } from 'vitest';
import { readOfferFacts } from './offer-facts';

describe('readOfferFacts', () => {
  it('accepts facts of the product type', () => {
    const facts = { airportIata: 'CUN', zone: 'Hotel Zone', distanceKm: 21 };
    expect(readOfferFacts('TRF', facts)).toEqual({ product: 'TRF', facts });
  });
  it('refuses facts of another shape', () => {
    expect(() => readOfferFacts('CRUISE', { ship: 'Aurora' })).toThrow(/CRUISE facts.line/);
    expect(() => readOfferFacts('ACT', { category: 'Tour', meetingPoint: 'Pier', languages: [1], includes: [] })).toThrow(/languages/);
    expect(() => readOfferFacts('RESTAURANT', null)).toThrow(TypeError);
  });
});
