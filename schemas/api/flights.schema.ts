// Body of POST /api/flights/autosuggestV2 (spec §7; docs/api.md). Types and bounds here; the
// text's length (in characters as the user sees them) and "latitude with longitude" are
// domain/airports' rules.
import type { FromSchema } from 'json-schema-to-ts';

const autosuggestFields = {
  text: { type: ['string', 'null'] },
  latitude: { type: ['number', 'null'], minimum: -90, maximum: 90 },
  longitude: { type: ['number', 'null'], minimum: -180, maximum: 180 },
  type: { type: ['string', 'null'], maxLength: 35 },
  language: { type: ['string', 'null'], maxLength: 35 },
} as const;

/** The query's fields: what the route reads, whichever way they came. */
export const autosuggestQuerySchema = { type: 'object', properties: autosuggestFields, additionalProperties: false } as const;
export type AutosuggestQuery = FromSchema<typeof autosuggestQuerySchema>;

/**
 * Spec §7 sends `{ "json": { text, … } }`, as the trips and coupon calls do; the fields at the top
 * level are taken too (the first clients sent them so), but not both ways at once.
 */
export const autosuggestSchema = {
  type: 'object',
  properties: { json: autosuggestQuerySchema, ...autosuggestFields },
  additionalProperties: false,
} as const;
export type AutosuggestBody = FromSchema<typeof autosuggestSchema>;
