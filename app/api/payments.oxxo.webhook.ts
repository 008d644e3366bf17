import type { ActionFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { oxxoWebhook, payBodyRefused } from '~/http/pay-call.server';

/** POST /api/payments/oxxo/webhook (docs/api.md "Booking payment"): the signature covers the raw body. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return payBodyRefused(405, 'Use POST');
  return oxxoWebhook(await request.text(), request.headers.get('x-oxxo-signature'));
}

export function loader() {
  throw json({ status: 'invalid', message: 'Use POST' }, { status: 405, headers: { Allow: 'POST' } });
}
