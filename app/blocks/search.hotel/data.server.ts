import { minCheckinDate } from '~/domain/checkin';
import { destinationChoices } from '~/services/catalog/catalog-reference.server';
import type { BlockContext, TypedBlock } from '../context.server';
import { dayIn } from '~/domain/time-zone';
import { ADS_CHECKIN_COOKIE, adCheckin } from '~/domain/ad-checkin';

/**
 * Destinations to choose from and sensible default dates: the check-in of the ad the visitor
 * followed (the adsCheckinDate cookie, decision 0053) when it can still be booked, else the
 * earliest allowed check-in; 3 nights.
 */
export default async function resolveHotelSearch(_block: TypedBlock<'search.hotel'>, { org, leadDays, cookie }: BlockContext) {
  const destinations = await destinationChoices();
  const today = dayIn(org.timeZone);
  const minCheckin = minCheckinDate(today, leadDays);
  const checkin = adCheckin(cookie(ADS_CHECKIN_COOKIE), minCheckin) ?? minCheckin;
  const checkout = new Date(Date.parse(`${checkin}T00:00:00Z`) + 3 * 86_400_000).toISOString().slice(0, 10);
  return { destinations, defaults: { checkin, checkout, minCheckin } };
}
