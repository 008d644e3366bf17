// Trip invitations (issue 13; spec §2 "Modals opened from query parameters"): the link an
// invitation e-mail carries, and where joining a trip by it goes. Pure.
import { INVITATION_KEYS, type Invitation } from './auth-dialog-params';

/** What a link for someone without an account prefills in the sign-up dialog (empty: theirs to fill). */
export type NewcomerDetails = Pick<Invitation, 'firstname' | 'lastname' | 'title' | 'countrycode' | 'phonenumber' | 'lang'>;

/**
 * The invitation link on the organisation's origin. Someone without an account gets the full
 * invitation set (it opens sign-up prefilled; a detail we do not know is sent empty), an
 * account holder accesscode + email + tripid (it opens sign-in).
 */
export function invitationLink(origin: string, invitation: { accessCode: string; email: string; tripId: string; newcomer: NewcomerDetails | null }): string {
  const base = { accesscode: invitation.accessCode, email: invitation.email, tripid: invitation.tripId };
  const values: Partial<Invitation> = invitation.newcomer ? { ...invitation.newcomer, ...base } : base;
  const params = new URLSearchParams();
  for (const key of INVITATION_KEYS) {
    const value = values[key];
    if (value !== undefined) params.set(key, value);
  }
  return `${origin}/?${params.toString()}`;
}
