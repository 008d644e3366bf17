import type { PageKey } from '#schemas/org-config.schema';
import { resolveLayout } from '~/blocks/data.server';
import { leadDaysOf } from '~/domain/lead-days';
import { getLayout } from '../config/config.server';
import type { RequestContext } from './request-context.server';

/** A configured page: the organisation's layout for `page`, with every block's data resolved. */
export async function loadPage(context: Pick<RequestContext, 'org' | 'user' | 'session' | 'locale' | 'cookie'>, pathname: string, page: PageKey, query = new URLSearchParams()) {
  const { org, user, locale, cookie } = context;
  const leadDays = leadDaysOf(context);
  const layout = getLayout(org, page);
  const blocks = await resolveLayout(layout, { org, user, leadDays, locale, pathname, query, cookie });
  return { layoutId: layout.id, blocks };
}
