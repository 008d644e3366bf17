import type { ActionFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { getCountMessages } from '~/services/bookings.server';

/**
 * POST /api/bookingHistory/getCountMessages (spec §3 "Booking notification", §7 Notifications):
 * the session's booking messages; docs/api.md says what a message is.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') throw json({ status: 405, message: 'Use POST' }, { status: 405, headers: { Allow: 'POST' } });
  return getCountMessages(request);
}

export function loader() {
  throw json({ status: 405, message: 'Use POST' }, { status: 405, headers: { Allow: 'POST' } });
}
