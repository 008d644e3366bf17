import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { WeeksDetailsPage } from '~/components/weeks/weeks-details';
import { loadWeeksDetails } from '~/services/weeks-pages.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  return json(await loadWeeksDetails(context, new URL(request.url), 'STY'));
}

export default WeeksDetailsPage;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.resort.name ?? 'Holiday stay' }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
