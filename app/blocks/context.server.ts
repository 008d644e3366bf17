import type { Block, BlockType } from '#schemas/layout.schema';
import type { OrgConfig } from '#schemas/org-config.schema';
import { suggestedStay } from '~/domain/destination-links';
import type { SessionUser } from '~/domain/session-user';
import { dayIn } from '~/domain/time-zone';
import type { Locale } from '~/services/site/locale.server';

/** What a block's data resolver may use: the request's organisation, visitor, locale and address. */
export type BlockContext = {
  org: OrgConfig;
  user: SessionUser | null;
  /** The visitor's minimum check-in lead days (leadDaysOf: the organisation's, or a user's own raised one). */
  leadDays: number;
  locale: Locale;
  /** The first path segment's product page, when the page is a product landing page. */
  pathname: string;
  /** The request's query (a block that opens one thing by id reads it here: /user/my-trips?trip_id=…). */
  query: URLSearchParams;
  /** One cookie of the request (the spec's adsCheckinDate, say). */
  cookie: (name: string) => string | undefined;
};

/** A layout's block of type `K`, as its resolver receives it. */
export type TypedBlock<K extends BlockType> = Extract<Block, { type: K }>;

/**
 * The stay a destination link suggests, for the org's earliest check-in (the same clock as the
 * hotel pages). Once per block: the browser joins it to each destination (destinationPath).
 */
export const stayOf = (org: OrgConfig) => suggestedStay(dayIn(org.timeZone), org.booking.minCheckinDays);
