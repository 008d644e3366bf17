import { type ActionFunctionArgs, json } from '@remix-run/node';
import { type LogoutBody, logoutSchema } from '#schemas/api/auth.schema';
import { compileApiBody } from '~/services/platform/api-body-schema.server';
import { readApiBody } from '~/http/api-body.server';
import { destroySession } from '~/services/identity/session.server';

const validateLogout = compileApiBody<LogoutBody>(logoutSchema);

/** Ends the session server-side (the old cookie no longer works anywhere) and clears the cookie. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return json({ status: 405, message: 'Use POST to sign out' }, { status: 405 });
  // No fields; a body that names one is refused like on every /api call (and signs nobody out).
  const read = await readApiBody(request, validateLogout, { emptyIsObject: true });
  if (!read.ok) return read.response;
  const setCookie = await destroySession(context);
  return json({ status: 200, message: 'Signed out' }, { headers: { 'Set-Cookie': setCookie } });
}

export async function loader() {
  return json({ status: 405, message: 'Use POST to sign out' }, { status: 405 });
}
