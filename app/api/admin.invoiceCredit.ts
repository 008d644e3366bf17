import { type ActionFunctionArgs, json } from '@remix-run/node';
import { type InvoiceCreditBody, invoiceCreditSchema } from '#schemas/api/account.schema';
import { readApiBody } from '~/http/api-body.server';
import { requireApiSession } from '~/http/require-session.server';
import { respond } from '~/http/respond.server';
import { grantInvoiceCredit, isInvoiceCreditAdmin } from '~/services/booking-payments/invoice-credit.server';
import { compileApiBody } from '~/services/platform/api-body-schema.server';

const validateInvoiceCredit = compileApiBody<InvoiceCreditBody>(invoiceCreditSchema);

export async function loader() {
  return json({ status: 405, message: 'Use POST to set invoice credit' }, { status: 405, headers: { Allow: 'POST' } });
}

/** An organisation's admin sets a user's or a company's invoice credit (docs/api.md); 401 signed out, 403 not the admin. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return json({ status: 405, message: 'Use POST' }, { status: 405, headers: { Allow: 'POST' } });
  const session = requireApiSession(context.session);
  if (!isInvoiceCreditAdmin(session, context.org)) return json({ status: 403, message: 'Only an administrator of this organisation sets invoice credit' }, { status: 403 });
  const read = await readApiBody(request, validateInvoiceCredit);
  if (!read.ok) return read.response;
  return respond(await grantInvoiceCredit({ org: context.org, session }, read.body));
}
