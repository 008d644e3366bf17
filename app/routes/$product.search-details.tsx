import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { OfferResultsPage } from '~/components/offers/offer-results';
import { loadOfferResults } from '~/services/offer-pages.server';
import { requireWithinRateLimit } from '~/services/rate-limit.server';
import { retryAfterHeaders } from '~/route-headers';

/** A 429 (too many searches, holds or e-mails) tells the browser when to retry. */
export const headers = retryAfterHeaders;

/** /activities, /transfers, /cruises and /restaurants search results (other segments: 404). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireWithinRateLimit(context, 'search');
  return json(await loadOfferResults(context, new URL(request.url), params.product));
}

export default OfferResultsPage;

const titles = { activities: 'Activities in', transfers: 'Airport transfers in', cruises: 'Cruises from', restaurants: 'Restaurants in' } as const;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${titles[data.form.segment]} ${data.destination?.name ?? '…'}` : 'Search' }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
