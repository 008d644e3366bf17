import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { WeeksResultsPage } from '~/components/weeks/weeks-results';
import { loadWeeksResults } from '~/services/weeks-pages.server';
import { requireWithinRateLimit } from '~/services/rate-limit.server';
import { retryAfterHeaders } from '~/route-headers';

/** A 429 (too many searches, holds or e-mails) tells the browser when to retry. */
export const headers = retryAfterHeaders;

/**
 * Timeshare weeks: resorts and stays together; each result opens its own /resorts or /stays
 * details and checkout, so the hold flow stays one. The dreamtrips collection is searched here.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireWithinRateLimit(context, 'search');
  return json(await loadWeeksResults(context, new URL(request.url), 'WEEKS'));
}

export default WeeksResultsPage;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.destination ? `Timeshare weeks in ${data.destination.name}` : 'Search timeshare weeks' }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
