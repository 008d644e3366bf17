// The room and unit types of our own catalogue, worded by the dictionaries in the page's
// language (`room.type.<CODE>`); a type another supplier names (or one stored before a quote
// carried its code) keeps the name it came with, in the supplier's language.

/** Hotel rooms and holiday homes' units, then timeshare resorts' and stays' units. */
export const WORDED_ROOM_TYPES = ['STD', 'DLX', 'STE', 'DBL', 'TWN', 'FAM', 'APT1', 'APT2', 'COT2', 'COT3', 'VIL2', 'VIL3', 'STU', '1BR', '2BR', 'APT', 'HOM'] as const;
export type WordedRoomType = (typeof WORDED_ROOM_TYPES)[number];

/** A room type's name as a page shows it: the dictionary's wording of its code, else its own name. */
export function roomTypeName(room: { code?: string | null; name: string }, t: (key: `room.type.${WordedRoomType}`) => string): string {
  const worded = WORDED_ROOM_TYPES.find((code) => code === room.code);
  return worded ? t(`room.type.${worded}`) : room.name;
}
