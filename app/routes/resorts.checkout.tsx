import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { WeeksCheckoutPage } from '~/components/weeks/weeks-checkout';
import { loadWeeksCheckout, saveWeeksTraveler } from '~/services/weeks-pages.server';
import { withCheckoutPayment } from '~/services/payments/checkout-payment.server';

export async function loader({ request }: LoaderFunctionArgs) {
  return json(await withCheckoutPayment(request, 'RST', await loadWeeksCheckout(request, 'RST')), { headers: { 'Cache-Control': 'private, no-store' } });
}

export async function action({ request }: ActionFunctionArgs) {
  return saveWeeksTraveler(request, 'RST');
}

export default WeeksCheckoutPage;

export const meta: MetaFunction = () => [{ title: 'Checkout' }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
