import { type ActionFunctionArgs, json, redirect } from '@remix-run/node';
import { requireConsole } from '~/http/require-console.server';
import { PREVIEW_COOKIE, PREVIEW_TTL_MS, previewOrg, previewToken } from '~/services/config/config-preview.server';
import { secureCookieAttribute } from '~/services/config/config.server';
import { SESSION_COOKIE } from '~/services/identity/session.server';

/**
 * Starts previewing a draft (a cookie signed with the admin's session, docs/decisions/0063) and
 * opens the site; or stops. Only a draft the validator accepts is previewed.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const attributes = `Path=/; HttpOnly; SameSite=Lax${secureCookieAttribute(context.hostname)}`;
  if (form.get('intent') === 'stop') {
    return redirect('/admin', { headers: { 'Set-Cookie': `${PREVIEW_COOKIE}=; ${attributes}; Max-Age=0`, 'Cache-Control': 'no-store' } });
  }
  const caller = await requireConsole(context, request.url, 'read');
  const versionId = Number(form.get('versionId'));
  const sessionToken = context.cookie(SESSION_COOKIE);
  if (!Number.isInteger(versionId) || !sessionToken || caller.orgId !== context.org.orgId) return json({ message: 'Nothing to preview' }, { status: 400 });
  if (!(await previewOrg(caller.orgId, versionId)))
    return json({ message: 'This version cannot be previewed: it is not this organisation’s, or it has problems to fix first.' }, { status: 422 });
  const token = previewToken(sessionToken, caller.orgId, versionId, Date.now() + PREVIEW_TTL_MS);
  return redirect('/', { headers: { 'Set-Cookie': `${PREVIEW_COOKIE}=${token}; ${attributes}; Max-Age=${PREVIEW_TTL_MS / 1000}`, 'Cache-Control': 'no-store' } });
}

export function loader() {
  throw json({ message: 'Not found' }, { status: 404 });
}
