import { type LoaderFunctionArgs, type MetaFunction, json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { BlockList } from '~/blocks/registry';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { useT } from '~/components/shell-context';
import { loadPage } from '~/services/page.server';
import { requireUser } from '~/services/session.server';

/** Signed-in users' trips. A trip link (trip_id) lands here; trips arrive with their own issue. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireUser(context.session, request.url);
  const tripId = new URL(request.url).searchParams.get('trip_id')?.slice(0, 100) || null;
  const page = await loadPage(context, new URL(request.url).pathname, 'my-trips');
  return json({ ...page, tripId }, { headers: { 'Cache-Control': 'private, no-store' } });
}

export default function MyTrips() {
  const t = useT();
  const { blocks, tripId } = useLoaderData<typeof loader>();
  return (
    <div className="trips-page">
      {tripId ? (
        <p className="notice notice-info" role="status">
          {t('trips.problem', { id: tripId })}
        </p>
      ) : null}
      <BlockList blocks={blocks} />
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: 'My trips' }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
