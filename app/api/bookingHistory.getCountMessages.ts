import type { ActionFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { requireApiBody } from '~/http/api-body.server';
import { type CountMessagesBody, countMessagesSchema } from '#schemas/api/account.schema';
import { respond } from '~/http/respond.server';
import { getCountMessages } from '~/services/booking/bookings.server';
import { compileApiBody } from '~/services/platform/api-body-schema.server';
import { requireApiSession } from '~/http/require-session.server';

const validateCountMessages = compileApiBody<CountMessagesBody>(countMessagesSchema);

/**
 * POST /api/bookingHistory/getCountMessages (spec §3 "Booking notification", §7 Notifications):
 * the session's booking messages; docs/api.md says what a message is.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') throw json({ status: 405, message: 'Use POST' }, { status: 405, headers: { Allow: 'POST' } });
  const session = requireApiSession(context.session);
  // emptyIsObject: the body's fields are optional.
  return respond(await getCountMessages(session, await requireApiBody(request, validateCountMessages, { emptyIsObject: true })), { 'Cache-Control': 'private, no-store' });
}

export function loader() {
  throw json({ status: 405, message: 'Use POST' }, { status: 405, headers: { Allow: 'POST' } });
}
