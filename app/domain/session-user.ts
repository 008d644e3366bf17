import type { Role } from '~/services/platform/db-schema';

/** The spec's session user (§3), as returned by the session check and used by the UI. */
export type SessionUser = {
  userName: string;
  /** Public id of the session, never the cookie secret (see docs/decisions/0003). */
  userToken: string;
  personalPicture: string | null;
  email: string;
  currency_code: string;
  language: string;
  nationality: string | null;
  userId: string;
  role: Role;
  first_name: string;
  last_name: string;
  auth: { api_token: string };
  is_demo: boolean;
  can_book: boolean;
  impersonated_by: string | null;
  org_id: string;
};
