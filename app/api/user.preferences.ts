import type { ActionFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { readApiBody } from '~/http/api-body.server';
import { PreferenceError, preferenceChoice, saveUserPreferences, validatePreferenceUpdate } from '~/services/identity/preferences.server';

/**
 * POST /api/user/preferences (spec §7): `{ usr_type, preferred_language, preferred_currency, date_format? }`.
 * usr_type is checked but never changes the account's type: a preference call is no way to
 * change who a user is.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') throw json({ status: 405, message: 'Use POST' }, { status: 405, headers: { Allow: 'POST' } });
  const { session } = context;
  if (!session) throw json({ status: 401, message: 'Sign in to save preferences' }, { status: 401 });
  const read = await readApiBody(request, validatePreferenceUpdate);
  if (!read.ok) throw read.response;
  try {
    const choice = preferenceChoice(context.org, read.body);
    await saveUserPreferences(session.userDbId, choice);
    return json({
      status: 200,
      message: 'Preferences saved',
      data: { preferred_language: choice.language.code, preferred_currency: choice.currency.code, ...(choice.dateFormat ? { date_format: choice.dateFormat } : {}) },
    });
  } catch (error) {
    if (error instanceof PreferenceError) throw json({ status: 400, message: error.message }, { status: 400 });
    throw error;
  }
}

export async function loader() {
  throw json({ status: 405, message: 'Use POST' }, { status: 405, headers: { Allow: 'POST' } });
}
