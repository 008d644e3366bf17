import { type ActionFunctionArgs, json } from '@remix-run/node';
import { type ImpersonationKeyBody, impersonationKeySchema } from '#schemas/api/auth.schema';
import { compileApiBody } from '~/services/platform/api-body-schema.server';
import { readApiBody } from '~/http/api-body.server';
import { issueImpersonationKey } from '~/services/identity/auth.server';
import { publicOriginOf } from '~/services/platform/config.server';
import { requireApiSession } from '~/http/require-session.server';

const validateIssue = compileApiBody<ImpersonationKeyBody>(impersonationKeySchema);

export async function loader() {
  return json({ status: 405, message: 'Use POST to issue a key' }, { status: 405 });
}

/** An agent or admin asks for a 2-minute, single-use sign-in link for one of its customers. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return json({ status: 405, message: 'Use POST to issue a key' }, { status: 405 });
  const session = requireApiSession(context.session);
  const body = await readApiBody(request, validateIssue);
  if (!body.ok) return body.response;
  const result = await issueImpersonationKey({ session, orgId: session.user.org_id }, body.body.user_id);
  if (result.kind === 'error') return json({ status: result.status, message: result.message }, { status: result.status });
  // The link opens on the organisation's own origin, whatever Host the request named.
  const url = new URL('/', publicOriginOf(context.org));
  url.searchParams.set('impersonate_key', result.key);
  return json(
    { status: 201, data: { impersonate_key: result.key, expires_at: result.expiresAt.toISOString(), url: url.toString() } },
    { status: 201, headers: { 'Cache-Control': 'no-store' } },
  );
}
