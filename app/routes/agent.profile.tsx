import { type LoaderFunctionArgs, type MetaFunction, json, redirect } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { renderBlocks } from '~/blocks/block-list';
import { BLOCK_VIEWS } from '~/blocks/generated/views.agent-profile';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { loadPage } from '~/services/site/page.server';
import { requireUser } from '~/http/require-session.server';
import { pageMeta } from '~/i18n/page-meta';
import { documentHeaders } from '~/route-headers';

/** The loader's Cache-Control and Referrer-Policy reach the document too. */
export const headers = documentHeaders;

/** Agents' profile. Admins use /user/profile; members may not see this page. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = requireUser(context.session, request.url);
  if (user.role === 'admin') throw redirect('/user/profile');
  if (user.role !== 'agent') throw new Response('This page is for agents only.', { status: 403 });
  return json(await loadPage(context, new URL(request.url).pathname, 'agent-profile'), { headers: { 'Cache-Control': 'private, no-store' } });
}

export default function AgentProfile() {
  const { blocks } = useLoaderData<typeof loader>();
  return <div className="profile-page">{renderBlocks(BLOCK_VIEWS, blocks)}</div>;
}

export const meta: MetaFunction = (args) => pageMeta(args, 'agentProfile');

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
