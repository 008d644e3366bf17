import type { PageKey } from '#schemas/org-config.schema';
import { resolveLayout } from '~/blocks/data.server';
import { getLayout, resolveOrg } from './config.server';
import { resolveLocale } from './locale.server';
import { getSession } from './session.server';

/** A configured page: the organisation's layout for `page`, with every block's data resolved. */
export async function loadPage(request: Request, page: PageKey) {
  const org = resolveOrg(request);
  const session = await getSession(request);
  const user = session?.user ?? null;
  const locale = resolveLocale(request, org, user ? { language: user.language, currency: user.currency_code } : undefined);
  const layout = getLayout(org, page);
  const blocks = await resolveLayout(layout, { request, org, user, locale, pathname: new URL(request.url).pathname });
  return { layoutId: layout.id, blocks };
}
