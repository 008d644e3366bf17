import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { WeeksCheckoutPage } from '~/components/weeks/weeks-checkout';
import { loadWeeksCheckout, saveWeeksTraveler } from '~/services/weeks-pages.server';
import { withCheckoutPayment } from '~/services/payments/checkout-payment.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  return json(await withCheckoutPayment(context, 'STY', await loadWeeksCheckout(context, new URL(request.url), 'STY')), { headers: { 'Cache-Control': 'private, no-store' } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  return saveWeeksTraveler(context, await request.formData(), 'STY');
}

export default WeeksCheckoutPage;

export const meta: MetaFunction = () => [{ title: 'Checkout' }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
