import { describe, expect, it } from 'vitest';
import { noTripItemNote } from './add-to-trip';
import { consoleNoteText } from './console-notes';

describe('the console notes of spec §8', () => {
  it('says the spec’s situations, with what they concern', () => {
    expect(consoleNoteText('paymentSdk')).toBe('Payment SDK not initialized');
    expect(consoleNoteText('notSignedIn', 'add to trip')).toBe('User not logged in: add to trip');
  });

  it('says why a details page has no trip item: no dates, missing data, or a product trips do not take', () => {
    expect(noTripItemNote('ACT')).toBe('noDates');
    expect(noTripItemNote('RST')).toBe('noDates');
    expect(noTripItemNote('HLT')).toBe('tripData');
    expect(noTripItemNote('FLT')).toBe('tripData');
    expect(noTripItemNote('SUB')).toBe('unsupportedProduct');
    expect(noTripItemNote('toString')).toBe('unsupportedProduct');
  });
});
