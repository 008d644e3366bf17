import { type AppLoadContext, json, redirect } from '@remix-run/node';
import { loadBookingSuccess } from '~/services/booking/bookings.server';

/**
 * A success page's answer: the booking as the visitor may see it (never cached: it is theirs), a
 * 404 that says where to find their bookings, or a redirect to the product's own success page.
 */
export async function bookingSuccessPage(context: AppLoadContext, request: Request) {
  const outcome = await loadBookingSuccess(context, new URL(request.url));
  if (outcome.kind === 'notFound') throw new Response('We could not find that booking. Check the booking reference, or find your bookings in your profile.', { status: 404 });
  if (outcome.kind === 'elsewhere') throw redirect(outcome.page);
  const { kind: _found, ...page } = outcome;
  return json(page, { headers: { 'Cache-Control': 'private, no-store' } });
}
