import { type ActionFunctionArgs, json } from '@remix-run/node';
import { readApiBody } from '~/http/api-body.server';
import { grantInvoiceCredit, requireInvoiceCreditAdmin, validateInvoiceCredit } from '~/services/booking-payments/invoice-credit.server';

export async function loader() {
  return json({ status: 405, message: 'Use POST to set invoice credit' }, { status: 405, headers: { Allow: 'POST' } });
}

/** An organisation's admin sets a user's or a company's invoice credit (docs/api.md); 401 signed out, 403 not the admin. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return json({ status: 405, message: 'Use POST' }, { status: 405, headers: { Allow: 'POST' } });
  const session = requireInvoiceCreditAdmin(context);
  const read = await readApiBody(request, validateInvoiceCredit);
  if (!read.ok) return read.response;
  return grantInvoiceCredit({ org: context.org, session }, read.body);
}
