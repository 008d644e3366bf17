import { type LoaderFunctionArgs, type MetaFunction, json, redirect } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { renderBlocks } from '~/blocks/block-list';
import { BLOCK_VIEWS } from '~/blocks/generated/views.user-profile';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { loadPage } from '~/services/site/page.server';
import { requireUser } from '~/http/require-session.server';
import { pageMeta } from '~/i18n/page-meta';
import { documentHeaders } from '~/route-headers';

/** The loader's Cache-Control and Referrer-Policy reach the document too. */
export const headers = documentHeaders;

/** Members' and admins' profile; agents have their own path (spec §2). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = requireUser(context.session, request.url);
  if (user.role === 'agent') throw redirect('/agent/profile');
  return json(await loadPage(context, new URL(request.url).pathname, 'user-profile'), { headers: { 'Cache-Control': 'private, no-store' } });
}

export default function UserProfile() {
  const { blocks } = useLoaderData<typeof loader>();
  return <div className="profile-page">{renderBlocks(BLOCK_VIEWS, blocks)}</div>;
}

export const meta: MetaFunction = (args) => pageMeta(args, 'profile');

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
