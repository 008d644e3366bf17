import { HotelSearchForm } from '~/components/hotels/hotel-search-form';
import type { BlockProps } from '../block-list';

export default function HotelSearchBlock({ data }: BlockProps<'search.hotel'>) {
  return <HotelSearchForm destinations={data.destinations} values={{ checkin: data.defaults.checkin, checkout: data.defaults.checkout }} minCheckin={data.defaults.minCheckin} />;
}
