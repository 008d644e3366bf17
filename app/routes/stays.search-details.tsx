import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { WeeksResultsPage } from '~/components/weeks/weeks-results';
import { loadWeeksResults } from '~/services/weeks-pages.server';
import { requireWithinRateLimit } from '~/services/rate-limit.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireWithinRateLimit(request, context.clientIp, 'search');
  return json(await loadWeeksResults(request, 'STY'));
}

export default WeeksResultsPage;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.destination ? `Holiday stays in ${data.destination.name}` : 'Search holiday stays' }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
