import type { OrgConfig } from '#schemas/org-config.schema';
import type { SessionUser } from '~/domain/session-user';
import type { Locale } from '~/services/site/locale.server';

/** What a block's data resolver may use: the request's organisation, visitor, locale and address. */
export type BlockContext = {
  org: OrgConfig;
  user: SessionUser | null;
  locale: Locale;
  /** The first path segment's product page, when the page is a product landing page. */
  pathname: string;
  /** The request's query (a block that opens one thing by id reads it here: /user/my-trips?trip_id=…). */
  query: URLSearchParams;
  /** One cookie of the request (the spec's adsCheckinDate, say). */
  cookie: (name: string) => string | undefined;
};
