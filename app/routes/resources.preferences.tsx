import type { ActionFunctionArgs } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { PreferenceError, checkOffered, localeCookies, safeReturnPath, saveUserPreferences } from '~/services/identity/preferences.server';

/** The language & currency dialog's Apply: cookies for everyone, saved preference for a user. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const language = form.get('language');
  const currency = form.get('currency');
  if (typeof language !== 'string' || typeof currency !== 'string') {
    throw json({ status: 400, message: 'Choose a language and a currency' }, { status: 400 });
  }
  let choice;
  try {
    choice = checkOffered(context.org, language, currency);
  } catch (error) {
    if (error instanceof PreferenceError) throw json({ status: 400, message: error.message }, { status: 400 });
    throw error;
  }
  const { session } = context;
  if (session) await saveUserPreferences(session.userDbId, choice);
  const headers = new Headers();
  for (const cookie of localeCookies(context.hostname, choice)) headers.append('Set-Cookie', cookie);
  return redirect(safeReturnPath(form.get('returnTo')), { headers });
}

export async function loader() {
  return redirect('/');
}
