import { type LoaderFunctionArgs, type MetaFunction, json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { BlockList } from '~/blocks/registry';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { loadPage } from '~/services/page.server';
import { requireUser } from '~/services/session.server';
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
  return (
    <div className="profile-page">
      <BlockList blocks={blocks} />
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: 'My wallet' }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
