import { sameOriginPath } from './safe-redirect';

/**
 * Which sign-in dialog a page URL opens (spec §2 "Modals opened from query parameters").
 * Pure: the shell calls it with the URL's parameters and renders the answer.
 */
export type AuthDialog = 'signin' | 'signup' | 'forgot';
export type SignupMode = 'choose' | 'email' | 'invitation';

export type Invitation = {
  accesscode: string;
  email: string;
  firstname: string;
  lastname: string;
  title: string;
  countrycode: string;
  phonenumber: string;
  lang: string;
  tripid: string;
};

export type AuthDialogState =
  | { dialog: null }
  | {
      dialog: AuthDialog;
      signupMode: SignupMode;
      /** Values to prefill (invitation links). */
      prefill: Partial<Invitation>;
      /** Where a successful sign-in goes (same-site path), when not the current page. */
      redirectTo: string | null;
      /** Parameters to drop from the URL when the dialog closes. */
      consumed: string[];
    };

export const INVITATION_KEYS = [
  'accesscode',
  'email',
  'firstname',
  'lastname',
  'title',
  'countrycode',
  'phonenumber',
  'lang',
  'tripid',
] as const satisfies readonly (keyof Invitation)[];

/** What every invitation link carries (an account holder's carries only these: it opens sign-in). */
const INVITATION_CORE = ['accesscode', 'email', 'tripid'] as const;

const TRIP_KEYS = ['trip_id', 'tripid'] as const;

export type DialogContext = {
  pathname: string;
  signedIn: boolean;
  /** The organisation's auth.tripLinkPaths. */
  tripLinkPaths: readonly string[];
};

export function myTripsUrl(tripId: string): string {
  return `/user/my-trips?trip_id=${encodeURIComponent(tripId)}&workarea=viewMyTrips`;
}

/**
 * Where a sign-in or sign-up from an invitation link goes: the page that joins the trip with
 * the link's code (POST /api/trips/addUserToTrip) and then opens it (myTripsUrl). The e-mail
 * the invitation went to, when known, lets that page tell someone signed in as another account.
 */
export function joinTripUrl(tripId: string, accessCode: string, email?: string | null): string {
  return `/trips/join?${new URLSearchParams({ tripid: tripId, accesscode: accessCode, ...(email ? { email } : {}) }).toString()}`;
}

/** The invitation link (to this site's home) that opens sign-in for the e-mail invited, to go back to after signing out. */
export function invitationSignInUrl(tripId: string, accessCode: string, email: string): string {
  return `/?${new URLSearchParams({ accesscode: accessCode, email, tripid: tripId }).toString()}`;
}

/**
 * A signed-in visitor opening an invitation link (accesscode and tripid, anywhere but the join
 * page itself) goes straight to the join page: the sign-in the link would ask for is done.
 */
export function signedInInvitationTarget(pathname: string, params: URLSearchParams): string | null {
  const tripId = params.get('tripid');
  const accessCode = params.get('accesscode');
  if (!tripId || !accessCode || pathname === '/trips/join') return null;
  return joinTripUrl(tripId, accessCode, params.get('email'));
}

/** The trip id of a trip link on a configured trip-link path, when there is one. */
export function tripLinkId(pathname: string, params: URLSearchParams, tripLinkPaths: readonly string[]): string | null {
  if (!tripLinkPaths.includes(pathname)) return null;
  for (const key of TRIP_KEYS) {
    const value = params.get(key);
    if (value) return value;
  }
  return null;
}

export function authDialogFromParams(params: URLSearchParams, context: DialogContext): AuthDialogState {
  // Signed-in visitors have nothing to sign in to; trip links for them redirect on the server.
  if (context.signedIn) return { dialog: null };
  const redirectTo = sameOriginPath(params.get('redirectTo'));
  const present = (key: string) => (params.get(key) ?? '') !== '';
  const open = (dialog: AuthDialog, signupMode: SignupMode, consumed: string[], prefill: Partial<Invitation> = {}, to = redirectTo) => ({
    dialog,
    signupMode,
    prefill,
    redirectTo: to,
    consumed: [...consumed, 'redirectTo'],
  });

  // The full set: every key there, the code, e-mail and trip filled (a detail the inviter did
  // not know comes empty and is the invitee's to fill).
  if (INVITATION_KEYS.every((key) => params.has(key)) && INVITATION_CORE.every(present)) {
    const prefill = Object.fromEntries(INVITATION_KEYS.map((key) => [key, params.get(key) ?? ''])) as Partial<Invitation>;
    return open('signup', 'invitation', [...INVITATION_KEYS], prefill);
  }
  if (INVITATION_CORE.every(present)) {
    const tripid = params.get('tripid') ?? '';
    const accesscode = params.get('accesscode') ?? '';
    return open(
      'signin',
      'choose',
      [...INVITATION_CORE],
      { accesscode, email: params.get('email') ?? '', tripid },
      redirectTo ?? joinTripUrl(tripid, accesscode, params.get('email')),
    );
  }
  if (params.get('type') === 'email') return open('signup', 'email', ['type']);
  if (params.get('signup') === 'true' || params.get('register') === 'true') return open('signup', 'choose', ['signup', 'register']);
  if (params.get('login') === 'true') return open('signin', 'choose', ['login']);
  if (params.get('forgot') === 'true') return open('forgot', 'choose', ['forgot']);
  const tripId = tripLinkId(context.pathname, params, context.tripLinkPaths);
  if (tripId) return open('signin', 'choose', [...TRIP_KEYS, 'workarea'], {}, myTripsUrl(tripId));
  return { dialog: null };
}

/** The URL (path + query) left once the dialog's parameters are removed. */
export function withoutParams(pathname: string, params: URLSearchParams, keys: readonly string[]): string {
  const next = new URLSearchParams(params);
  for (const key of keys) next.delete(key);
  const query = next.toString();
  return query ? `${pathname}?${query}` : pathname;
}
