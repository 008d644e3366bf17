import { describe, expect, it } from 'vitest';
import { cancellationSummary, clockTime, propertyContentOf, propertyImageUrl } from './property-content';

const stored = {
  descriptions: { 'en-US': 'A hotel.', 'es-MX': 'Un hotel.' },
  amenities: ['wifi', 'pool', 'teleporter'],
  policies: {
    checkInFrom: '15:00',
    checkInUntil: null,
    checkOutBy: '11:00',
    minCheckInAge: 18,
    children: 'welcome',
    pets: 'not_allowed',
    smoking: 'not_allowed',
    payAtProperty: 'card_only',
    quietFrom: null,
  },
  checkin_instructions: { method: 'front_desk_24h', bring: ['photo_id', 'a smile'], noticeHours: null, lateArrival: 'any_time' },
  images: ['facade', 'room', 'selfie', 'pool'],
};

describe('propertyContentOf', () => {
  it('reads stored content, dropping amenity, item and image codes it cannot word', () => {
    const content = propertyContentOf(stored);
    expect(content?.amenities).toEqual(['wifi', 'pool']);
    expect(content?.images).toEqual(['facade', 'room', 'pool']);
    expect(content?.checkInInstructions.bring).toEqual(['photo_id']);
    expect(content?.descriptions['es-MX']).toBe('Un hotel.');
  });

  it('refuses content with missing or malformed parts rather than show half of it', () => {
    expect(propertyContentOf({ ...stored, policies: null })).toBeNull();
    expect(propertyContentOf({ ...stored, checkin_instructions: null })).toBeNull();
    expect(propertyContentOf({ ...stored, policies: { ...stored.policies, checkInFrom: '3pm' } })).toBeNull();
    expect(propertyContentOf({ ...stored, policies: { ...stored.policies, pets: 'dragons' } })).toBeNull();
    expect(propertyContentOf({ ...stored, policies: { ...stored.policies, minCheckInAge: 3 } })).toBeNull();
    expect(propertyContentOf({ ...stored, checkin_instructions: { ...stored.checkin_instructions, method: 'window' } })).toBeNull();
    expect(propertyContentOf({ ...stored, checkin_instructions: { ...stored.checkin_instructions, method: 'key_box', noticeHours: null } })).toBeNull();
    expect(propertyContentOf({ ...stored, checkin_instructions: { ...stored.checkin_instructions, method: 'key_box', noticeHours: 24 } })?.checkInInstructions.method).toBe(
      'key_box',
    );
    expect(propertyContentOf({ ...stored, descriptions: { 'en-US': 'Only English.' } })).toBeNull();
    expect(propertyContentOf({ ...stored, amenities: 'wifi' })).toBeNull();
  });
});

describe('cancellationSummary', () => {
  it('says whether all, some or none of the rooms cancel free, from the rooms themselves', () => {
    expect(cancellationSummary([{ refundable: true }, { refundable: true }])).toBe('all_free');
    expect(cancellationSummary([{ refundable: true }, { refundable: false }])).toBe('some_free');
    expect(cancellationSummary([{ refundable: false }])).toBe('none_free');
    expect(cancellationSummary([])).toBe('none_free');
  });
});

describe('clockTime', () => {
  it('writes times the way each language does', () => {
    expect(clockTime('15:00', 'en-US')).toBe('3:00 PM');
    expect(clockTime('00:30', 'en-US')).toBe('12:30 AM');
    expect(clockTime('12:00', 'en-US')).toBe('12:00 PM');
    expect(clockTime('15:00', 'es-MX')).toBe('15:00');
    expect(clockTime('late', 'en-US')).toBe('late');
  });
});

it('draws a property picture at a versioned /images address (immutable, and a trip may keep it)', () => {
  expect(propertyImageUrl('cancun-grand-plaza', 'pool')).toBe('/images/properties/v1/cancun-grand-plaza/pool.svg');
});
