import { describe, expect, it } from 'vitest';
import { WORDED_ROOM_TYPES } from '~/domain/room-types';
import { holidayHomeCatalogFor, hotelCatalogFor } from '~/services/seed/seed-catalog.server';
import { resortUnits, stayUnits } from '~/services/seed/seed-resorts.server';
import { destinationsSeed } from '~/services/seed/seed.server';

describe('room type names', () => {
  it('the dictionaries word every room and unit type the catalogue seeds', () => {
    const seeded = new Set([
      ...destinationsSeed.flatMap((destination) =>
        [...hotelCatalogFor(destination), ...holidayHomeCatalogFor(destination)].flatMap((property) => property.roomTypes.map((room) => room.code)),
      ),
      ...[...resortUnits, ...stayUnits].map((unit) => unit.code),
    ]);
    expect([...seeded].sort()).toEqual([...WORDED_ROOM_TYPES].sort());
  });
});
