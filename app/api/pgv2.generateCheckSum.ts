import type { ActionFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { readPayCall } from '~/http/pay-call.server';
import { generateCheckSum, payBodies } from '~/http/pay-call.server';
import { requireApiSession } from '~/http/require-session.server';

/** POST /api/pgv2/generateCheckSum (docs/api.md "Booking payment"); signed in first. */
export async function action({ request, context }: ActionFunctionArgs) {
  const session = requireApiSession(context.session);
  const { body } = await readPayCall(request, payBodies.generateCheckSum);
  return generateCheckSum(session, body);
}

export function loader() {
  throw json({ status: 'invalid', message: 'Use POST' }, { status: 405, headers: { Allow: 'POST' } });
}
