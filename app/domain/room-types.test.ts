import { describe, expect, it } from 'vitest';
import { enUS } from '~/i18n/en-US';
import { esMX } from '~/i18n/es-MX';
import { WORDED_ROOM_TYPES, roomTypeName } from './room-types';

describe('room type names', () => {
  it("word our catalogue's types in the page's language, and keep any other type's own name", () => {
    const spanish = (key: keyof typeof esMX) => esMX[key];
    expect(roomTypeName({ code: 'DLX', name: 'Deluxe room' }, spanish)).toBe('Habitación de lujo');
    expect(roomTypeName({ code: 'STD', name: 'Standard room' }, (key) => enUS[key])).toBe('Standard room');
    expect(roomTypeName({ code: 'PENTHOUSE', name: 'Penthouse' }, spanish)).toBe('Penthouse');
    expect(roomTypeName({ name: 'Deluxe room' }, spanish)).toBe('Deluxe room');
  });

  it('has a wording of every type in both languages', () => {
    for (const code of WORDED_ROOM_TYPES) {
      expect(enUS[`room.type.${code}`], code).toBeTruthy();
      // "Suite" is Spanish too.
      if (code !== 'STE') expect(esMX[`room.type.${code}`], code).not.toBe(enUS[`room.type.${code}`]);
    }
  });
});
