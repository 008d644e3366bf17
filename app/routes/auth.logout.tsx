import { type ActionFunctionArgs, redirect } from '@remix-run/node';
import { destroySession } from '~/services/session.server';

export async function loader() {
  return redirect('/');
}

/** The header's Sign out button: ends the session server-side, clears the cookie, goes home. */
export async function action({ context }: ActionFunctionArgs) {
  return redirect('/', { headers: { 'Set-Cookie': await destroySession(context) } });
}
