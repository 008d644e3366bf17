import { type ActionFunctionArgs, redirect } from '@remix-run/node';
import { sameOriginPath } from '~/domain/safe-redirect';
import { destroySession } from '~/services/identity/session.server';

export async function loader() {
  return redirect('/');
}

/**
 * The header's Sign out button: ends the session server-side, clears the cookie, goes home, or
 * to the form's `redirectTo` when it is a path on this site (the trip join page's "sign out and
 * continue" goes back to the invitation).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => null);
  const to = sameOriginPath(form?.get('redirectTo')) ?? '/';
  return redirect(to, { headers: { 'Set-Cookie': await destroySession(context) } });
}
