import type { LoaderFunctionArgs } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { providerPageReturn } from '~/services/booking-payments/provider-page.server';

/**
 * GET /payments/hosted-return?attempt=…: where a car provider's own payment page sends the payer
 * back (decision 0055). What happened is read from the gateway; the payer goes on to the booking's
 * success page, or back to its checkout when nothing was paid.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const attempt = new URL(request.url).searchParams.get('attempt') ?? '';
  const next = await providerPageReturn(context.org, attempt);
  if (!next) throw json({ status: 404, message: 'No such payment' }, { status: 404 });
  return redirect(next, { headers: { 'Cache-Control': 'no-store' } });
}
