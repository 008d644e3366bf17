import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { WeeksResultsPage } from '~/components/weeks/weeks-results';
import { loadWeeksResults } from '~/services/weeks-pages.server';
import { requireWithinRateLimit } from '~/services/rate-limit.server';
import { retryAfterHeaders } from '~/route-headers';

/** A 429 (too many searches, holds or e-mails) tells the browser when to retry. */
export const headers = retryAfterHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireWithinRateLimit(context, 'search');
  return json(await loadWeeksResults(context, new URL(request.url), 'STY'));
}

export default WeeksResultsPage;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.destination ? `Holiday stays in ${data.destination.name}` : 'Search holiday stays' }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
