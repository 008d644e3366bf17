// Bodies of the sign-in calls (docs/api.md "Sessions"; spec §3, §4).
import type { FromSchema } from 'json-schema-to-ts';

/** The spec's login payload (§3). Sign-in is by e-mail and password, or by an impersonation key. */
export const loginSchema = {
  type: 'object',
  properties: {
    email_id: { type: 'string', maxLength: 320 },
    password: { type: 'string', maxLength: 256 },
    impersonate_key: { type: 'string', maxLength: 200 },
    // Sent by the spec's social sign-in, which this site refuses with a clear message.
    googletoken: { type: 'string', maxLength: 4096 },
    fbtoken: { type: 'string', maxLength: 4096 },
    site_url: { type: 'string', maxLength: 2048 },
    accesscode: { type: 'string', maxLength: 200 },
    promotions: { type: ['boolean', 'string', 'number'] },
    userdetails: { type: 'object' },
  },
  additionalProperties: false,
} as const;
export type LoginBody = FromSchema<typeof loginSchema>;

/** POST /api/auth/impersonation-keys: the customer an agent or admin signs in as. */
export const impersonationKeySchema = {
  type: 'object',
  properties: { user_id: { type: 'string', minLength: 1, maxLength: 64 } },
  required: ['user_id'],
  additionalProperties: false,
} as const;
export type ImpersonationKeyBody = FromSchema<typeof impersonationKeySchema>;

/** POST /api/auth/logout takes no fields; an empty body is `{}`. */
export const logoutSchema = { type: 'object', properties: {}, additionalProperties: false } as const;
export type LogoutBody = FromSchema<typeof logoutSchema>;
