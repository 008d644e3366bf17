import { type LoaderFunctionArgs, type MetaFunction, json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { renderBlocks } from '~/blocks/block-list';
import { BLOCK_VIEWS } from '~/blocks/generated/views.my-trips';
import { tripProblemOf } from '~/blocks/trips.list/data.server';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { loadPage } from '~/services/site/page.server';
import { requireUser } from '~/http/require-session.server';
import { pageMeta } from '~/i18n/page-meta';
import { documentHeaders } from '~/route-headers';

/** The loader's Cache-Control and Referrer-Policy reach the document too. */
export const headers = documentHeaders;

/**
 * Signed-in users' trips (issue 13); a trip link (trip_id, workarea=viewMyTrips) opens one. A
 * trip that is unknown or not the user's answers 404 with the trip problem, and nothing of it.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireUser(context.session, request.url);
  const url = new URL(request.url);
  const page = await loadPage(context, url.pathname, 'my-trips', url.searchParams);
  return json(page, { status: tripProblemOf(page.blocks) ? 404 : 200, headers: { 'Cache-Control': 'private, no-store' } });
}

export default function MyTrips() {
  const { blocks } = useLoaderData<typeof loader>();
  return <div className="trips-page">{renderBlocks(BLOCK_VIEWS, blocks)}</div>;
}

export const meta: MetaFunction = (args) => pageMeta(args, 'myTrips');

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
