import { listUserBookings } from '~/services/booking/bookings.server';
import type { BlockContext, TypedBlock } from '../context.server';

/** The signed-in user's bookings in this organisation (reference, product, dates, status, amount); showing them reads their messages. */
export default async function resolveMyBookings(block: TypedBlock<'profile.bookings'>, { user, locale, org }: BlockContext) {
  if (!user) return { bookings: [] };
  const read = !user.impersonated_by;
  return {
    bookings: await listUserBookings({ userPublicId: user.userId, orgId: user.org_id, language: locale.language, timeZone: org.timeZone, limit: block.props?.limit ?? 20, read }),
  };
}
