import type { OrgConfig } from '#schemas/org-config.schema';
import type { SessionUser } from '~/domain/session-user';
import type { Locale } from '~/services/locale.server';

/** What a block's data resolver may use: the request's organisation, visitor and locale. */
export type BlockContext = {
  org: OrgConfig;
  user: SessionUser | null;
  locale: Locale;
  /** The first path segment's product page, when the page is a product landing page. */
  pathname: string;
};
