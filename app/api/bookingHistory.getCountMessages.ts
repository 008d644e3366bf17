import type { ActionFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { requireApiBody } from '~/http/api-body.server';
import { getCountMessages, validateCountMessages } from '~/services/booking/bookings.server';
import { requireApiSession } from '~/http/require-session.server';

/**
 * POST /api/bookingHistory/getCountMessages (spec §3 "Booking notification", §7 Notifications):
 * the session's booking messages; docs/api.md says what a message is.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') throw json({ status: 405, message: 'Use POST' }, { status: 405, headers: { Allow: 'POST' } });
  const session = requireApiSession(context.session);
  return getCountMessages(session, await requireApiBody(request, validateCountMessages, { emptyIsObject: true }));
}

export function loader() {
  throw json({ status: 405, message: 'Use POST' }, { status: 405, headers: { Allow: 'POST' } });
}
