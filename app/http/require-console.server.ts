import { json } from '@remix-run/node';
import type { ConfigAction } from '~/domain/config-access';
import type { LanguageCode } from '~/domain/reference-data';
import { type ConsoleCaller, findConsoleCaller } from '~/services/config/config-access.server';
import type { ActiveSession } from '~/services/identity/session.server';
import { getDb } from '~/services/platform/db.server';

/**
 * The console caller of a request allowed `action`: on the site's organisation, or (a platform
 * admin) the one `?org=` names. Anyone else, for anything else, gets the same 404: the console of
 * an organisation one may not see does not exist (docs/decisions/0063). The console speaks the
 * request's language: the validator's problems come in it.
 */
export async function requireConsole(
  context: { org: { orgId: string }; session: ActiveSession | null; locale?: { language: LanguageCode } },
  requestUrl: string,
  action: ConfigAction,
): Promise<ConsoleCaller> {
  const orgId = new URL(requestUrl).searchParams.get('org') ?? context.org.orgId;
  const caller = await findConsoleCaller(getDb(), context.session, orgId, action);
  if (!caller) throw json({ message: 'Not found' }, { status: 404 });
  return { ...caller, language: context.locale?.language };
}
