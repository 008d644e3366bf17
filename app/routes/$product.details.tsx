import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { OfferDetailsPage } from '~/components/offers/offer-details';
import { loadOfferDetails } from '~/services/offer-pages.server';

/** Details of an activity, transfer, cruise or restaurant with its options and slots. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return json(await loadOfferDetails(context, new URL(request.url), params.product));
}

export default OfferDetailsPage;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.offer.name ?? 'Details' }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
