// Body of POST /api/flights/autosuggestV2 (spec §7; docs/api.md). Types and bounds here; the
// text's length (in characters as the user sees them) and "latitude with longitude" are
// domain/airports' rules.
import type { FromSchema } from 'json-schema-to-ts';

export const autosuggestSchema = {
  type: 'object',
  properties: {
    text: { type: ['string', 'null'] },
    latitude: { type: ['number', 'null'], minimum: -90, maximum: 90 },
    longitude: { type: ['number', 'null'], minimum: -180, maximum: 180 },
    type: { type: ['string', 'null'], maxLength: 35 },
    language: { type: ['string', 'null'], maxLength: 35 },
  },
  additionalProperties: false,
} as const;
export type AutosuggestBody = FromSchema<typeof autosuggestSchema>;
