import { type ActionFunctionArgs, json } from '@remix-run/node';
import { destroySession } from '~/services/session.server';

/** Ends the session server-side (the old cookie no longer works anywhere) and clears the cookie. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return json({ status: 405, message: 'Use POST to sign out' }, { status: 405 });
  const setCookie = await destroySession(request);
  return json({ status: 200, message: 'Signed out' }, { headers: { 'Set-Cookie': setCookie } });
}

export async function loader() {
  return json({ status: 405, message: 'Use POST to sign out' }, { status: 405 });
}
