import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { WeeksResultsPage } from '~/components/weeks/weeks-results';
import { loadWeeksResults } from '~/services/weeks-pages.server';

export async function loader({ request }: LoaderFunctionArgs) {
  return json(await loadWeeksResults(request, 'STY'));
}

export default WeeksResultsPage;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.destination ? `Holiday stays in ${data.destination.name}` : 'Search holiday stays' }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
