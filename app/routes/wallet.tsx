import { type LoaderFunctionArgs, type MetaFunction, json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { renderBlocks } from '~/blocks/block-list';
import { BLOCK_VIEWS } from '~/blocks/generated/views.wallet';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { loadPage } from '~/services/site/page.server';
import { requireUser } from '~/http/require-session.server';
import { pageMeta } from '~/i18n/page-meta';
import { documentHeaders } from '~/route-headers';

/** The loader's Cache-Control and Referrer-Policy reach the document too. */
export const headers = documentHeaders;

/** A member's wallet and its card top-up (product WLT, issue 11); signing in comes first. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireUser(context.session, request.url);
  return json(await loadPage(context, new URL(request.url).pathname, 'wallet'), { headers: { 'Cache-Control': 'private, no-store' } });
}

export default function Wallet() {
  const { blocks } = useLoaderData<typeof loader>();
  return <div className="profile-page">{renderBlocks(BLOCK_VIEWS, blocks)}</div>;
}

export const meta: MetaFunction = (args) => pageMeta(args, 'wallet');

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
