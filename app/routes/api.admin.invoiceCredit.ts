import { type ActionFunctionArgs, json } from '@remix-run/node';
import { grantInvoiceCreditAction } from '~/services/payments/invoice-credit.server';

export async function loader() {
  return json({ status: 405, message: 'Use POST to set invoice credit' }, { status: 405, headers: { Allow: 'POST' } });
}

/** An organisation's admin sets a user's or a company's invoice credit (docs/api.md). */
export async function action({ request }: ActionFunctionArgs) {
  return grantInvoiceCreditAction(request);
}
