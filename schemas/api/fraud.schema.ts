// Bodies of the fraud calls (docs/api.md "Fraud"; spec §1, §7).
import type { FromSchema } from 'json-schema-to-ts';

/** Spec §1 "Fingerprint: device_id, fraud_chance", as POST /api/iqps/fqs sends it. */
export const fingerprintSchema = {
  type: 'object',
  properties: {
    device_id: { type: 'string', minLength: 1, maxLength: 128 },
    /** The script's estimate, 0 to 100; a page whose script gave none leaves it out or sends null. */
    fraud_chance: { type: ['number', 'null'], minimum: 0, maximum: 100 },
  },
  required: ['device_id'],
  additionalProperties: false,
} as const;
export type FingerprintBody = FromSchema<typeof fingerprintSchema>;
