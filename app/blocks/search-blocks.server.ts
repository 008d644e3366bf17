import type { Block } from '#schemas/layout.schema';
import { minCheckinDate } from '~/domain/checkin';
import { destinationChoices } from '~/services/catalog-reference.server';
import type { BlockContext } from './context.server';
import { dayIn } from '~/domain/time-zone';

type B<K extends Block['type']> = Extract<Block, { type: K }>;

/** Destinations to choose from and sensible default dates (the earliest allowed check-in, 3 nights). */
export async function resolveHotelSearch(_block: B<'search.hotel'>, { org }: BlockContext) {
  const destinations = await destinationChoices();
  const today = dayIn(org.timeZone);
  const checkin = minCheckinDate(today, org.booking.minCheckinDays);
  const checkout = new Date(Date.parse(`${checkin}T00:00:00Z`) + 3 * 86_400_000).toISOString().slice(0, 10);
  return { destinations, defaults: { checkin, checkout, minCheckin: checkin } };
}
