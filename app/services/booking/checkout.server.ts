import { randomBytes } from 'node:crypto';
import { type Answer, answer } from '~/domain/answer';
import type { OrgConfig } from '#schemas/org-config.schema';
import { isCheckinTooSoon, minCheckinDate } from '~/domain/checkin';
import { leadDaysOf } from '~/domain/lead-days';
import { isDuplicateBooking } from '~/domain/duplicate-booking';
import type { SessionUser } from '~/domain/session-user';
import { parseTraveler, type Traveler, type TravelerParse } from '~/domain/traveler';
import type { SavedTravelerChoice } from '~/domain/user-details';
import { getDb } from '../platform/db.server';
import { findVisitorHold, holdLocalDates, type Hold } from './holds.server';
import { releaseHold } from './hold-release.server';
import { keptUntilChanged } from '../platform/kept-until-changed.server';
import type { ActiveSession } from '../identity/session.server';
import type { RequestContext } from '../site/request-context.server';
import { listSavedTravelers } from '../identity/user-details.server';
import { dayIn } from '~/domain/time-zone';

/**
 * The booking guards every checkout runs (spec §2 modals, §4, §9): the minimum check-in and
 * the duplicate-guest check, and the traveller step that starts a booking from a hold.
 */

/**
 * The earliest date this visitor may book, or null when `checkin` is fine. A date past the
 * organisation's minimum can still be too soon for a user whose lead time was raised after
 * they searched; the checkout answers with the min-check-in modal instead of a hold.
 */
export async function tooSoonToBook(org: OrgConfig, session: Pick<ActiveSession, 'minCheckinDays'> | null, checkin: string, today = dayIn(org.timeZone)): Promise<string | null> {
  const days = leadDaysOf({ org, session });
  return isCheckinTooSoon(checkin, today, days) ? minCheckinDate(today, days) : null;
}

/**
 * The earliest date this user may book, when a lead time of their own (raised by the fraud
 * channel, spec §4 min_checkin_days_updated) now puts the held date too soon; else null. The
 * organisation's lead time was checked when the hold was made, so only a user's own is read again.
 */
export async function holdTooSoon(context: Pick<RequestContext, 'org' | 'session'>, holdToken: string): Promise<string | null> {
  const { org, session } = context;
  if (!session?.minCheckinDays) return null;
  const hold = await findVisitorHold(holdToken, { orgId: org.orgId, userId: session.userDbId });
  return hold ? tooSoonToBook(org, session, holdLocalDates(hold).startsOn) : null;
}

/** The query string a checkout redirects to when the travel date is too soon. */
export function tooSoonParams(earliest: string): string {
  return new URLSearchParams({ guard: 'too-soon', earliest }).toString();
}

/** What a checkout loader reads back from `tooSoonParams`, or null. */
export function tooSoonOf(params: URLSearchParams): { earliest: string } | null {
  const earliest = params.get('earliest') ?? '';
  return params.get('guard') === 'too-soon' && /^\d{4}-\d{2}-\d{2}$/.test(earliest) ? { earliest } : null;
}

/** The visitor's own live hold of this product, or null. */
async function liveHold(token: string, org: OrgConfig, session: ActiveSession | null, product: string): Promise<Hold | null> {
  const hold = await findVisitorHold(token, { orgId: org.orgId, userId: session?.userDbId ?? null });
  if (!hold || hold.product !== product) return null;
  return hold.status === 'active' && hold.expiresAt.getTime() > Date.now() ? hold : null;
}

/** A short reference people can read out: org prefix and 8 characters without look-alikes. */
export function newReference(orgId: string): string {
  const alphabet = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
  const bytes = randomBytes(8);
  const code = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
  return `${orgId.slice(0, 3).toUpperCase()}-${code}`;
}

/** Whether the same guest already has a live booking of this item for the same dates in the org. */
async function repeatsABooking(orgId: string, hold: Hold, traveler: Traveler): Promise<boolean> {
  const { startsOn: checkin, endsOn: checkout } = holdLocalDates(hold);
  const existing = await getDb()
    .selectFrom('bookings')
    .select(['product', 'item_ref', 'starts_on', 'ends_on', 'guest_first_name', 'guest_last_name', 'status'])
    .where('org_id', '=', orgId)
    .where('product', '=', hold.product)
    .where('starts_on', '=', checkin)
    .where('status', 'in', ['pending', 'confirmed'])
    .where((eb) => eb.or([eb('hold_id', 'is', null), eb('hold_id', '!=', hold.id)]))
    .execute();
  const booking = (row: (typeof existing)[number]) => ({
    productCode: row.product,
    itemId: row.item_ref,
    checkin: row.starts_on,
    checkout: row.ends_on,
    guest: { firstName: row.guest_first_name, lastName: row.guest_last_name },
    status: row.status,
  });
  return isDuplicateBooking({ productCode: hold.product, itemId: hold.itemRef, checkin, checkout, guest: traveler }, existing.map(booking));
}

export type TravelerResult =
  | { status: 'saved' }
  | { status: 'invalid'; errors: Extract<TravelerParse, { ok: false }>['errors']; values: Extract<TravelerParse, { ok: false }>['values'] }
  | { status: 'duplicate'; values: Traveler }
  | { status: 'expired' };

/**
 * The traveller step of a checkout (form intent `traveler`): checks the details, refuses a
 * duplicate guest, and starts the booking of the hold ('initiated') or updates its traveller.
 * Payment takes the booking on from there.
 */
async function saveTraveler(input: { org: OrgConfig; session: ActiveSession | null; product: string; form: FormData }): Promise<TravelerResult> {
  const { org, session, product, form } = input;
  const token = form.get('hold');
  const hold = typeof token === 'string' ? await liveHold(token, org, session, product) : null;
  if (!hold) return { status: 'expired' };
  const parsed = parseTraveler({ firstName: form.get('firstName'), lastName: form.get('lastName'), email: form.get('email'), phone: form.get('phone') });
  if (!parsed.ok) return { status: 'invalid', errors: parsed.errors, values: parsed.values };
  const traveler = parsed.traveler;
  if (await repeatsABooking(org.orgId, hold, traveler)) return { status: 'duplicate', values: traveler };
  const details = {
    guest_first_name: traveler.firstName,
    guest_last_name: traveler.lastName,
    guest_email: traveler.email,
    guest_phone: traveler.phone,
    // Who really gave these details: the agent or administrator signed in as the user, if any.
    acted_by_user_id: session?.impersonatorDbId ?? null,
    updated_at: new Date(),
  };
  await getDb()
    .insertInto('bookings')
    .values({
      ...details,
      reference: newReference(org.orgId),
      org_id: org.orgId,
      user_id: session?.userDbId ?? null,
      hold_id: hold.id,
      product: hold.product,
      item_ref: hold.itemRef,
      // The item's own local dates (a late-evening departure is on its local day, not UTC's).
      starts_on: holdLocalDates(hold).startsOn,
      ends_on: holdLocalDates(hold).endsOn,
      status: 'initiated',
    })
    .onConflict((oc) => oc.column('hold_id').doUpdateSet(details))
    .execute();
  return { status: 'saved' };
}

/**
 * The answer to a checkout's traveller step (form intent `traveler`): 200 saved, 400 bad
 * input, 409 for a duplicate guest or a lapsed hold.
 */
export async function travelerAction(requestContext: Pick<RequestContext, 'org' | 'session'>, form: FormData, product: string): Promise<Answer<{ traveler: TravelerResult }>> {
  const result = await saveTraveler({ org: requestContext.org, session: requestContext.session, product, form });
  return answer(result.status === 'saved' ? 200 : result.status === 'invalid' ? 400 : 409, { traveler: result });
}

const MAX_KEPT_HOLD_TRAVELERS = 10_000;

/**
 * The traveller given for each hold as read, kept until any statement on bookings (migration
 * 0030_checkout_notices, decision 0047): the checkout page shows it on every load.
 */
const keptHoldTravelers = keptUntilChanged<Traveler | null>('hold-travelers', ['bookings'], MAX_KEPT_HOLD_TRAVELERS);

/** The traveller already given for a hold the visitor may see (the form shows it as saved). */
export async function savedTraveler(hold: Hold): Promise<Traveler | null> {
  return keptHoldTravelers.get(hold.id, async () => {
    const row = await getDb()
      .selectFrom('bookings')
      .select(['guest_first_name', 'guest_last_name', 'guest_email', 'guest_phone'])
      .where('hold_id', '=', hold.id)
      .executeTakeFirst();
    return row ? { firstName: row.guest_first_name, lastName: row.guest_last_name, email: row.guest_email, phone: row.guest_phone } : null;
  });
}

/**
 * The signed-in user's saved travellers (/user-details, docs/decisions/0020) that the traveller
 * block offers to fill its fields from; none for a guest. Only what the fields take is sent.
 */
export async function savedTravelerChoices(user: Pick<SessionUser, 'userId'> | null): Promise<SavedTravelerChoice[]> {
  if (!user) return [];
  const travelers = await listSavedTravelers({ userPublicId: user.userId });
  return travelers.map(({ id, firstName, lastName, email, phone }) => ({ id, firstName, lastName, email, phone }));
}

/**
 * "Release this hold" from a checkout, a guest's or a member's: the visitor's own live hold gives
 * its units and any stored value back at once (releaseHold). Nothing happens for a hold that is
 * not theirs or not live, or whose booking is being paid or paid: the payment decides that one.
 */
export async function releaseCheckoutHold(context: Pick<RequestContext, 'org' | 'session'>, token: FormDataEntryValue | null): Promise<boolean> {
  if (typeof token !== 'string') return false;
  const hold = await findVisitorHold(token, { orgId: context.org.orgId, userId: context.session?.userDbId ?? null });
  if (!hold || hold.status !== 'active') return false;
  const booking = await getDb().selectFrom('bookings').select('status').where('hold_id', '=', hold.id).executeTakeFirst();
  if (booking && booking.status !== 'initiated') return false;
  return releaseHold(token);
}
