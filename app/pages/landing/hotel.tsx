// The holiday homes’ and packages’ landings (/holidaystays, /packages): the landing route (../landing-route.tsx) with its search form. A module per form
// keeps other products' forms out of the page's JavaScript (docs/decisions/0037); it re-exports
// every export of the route Remix reads (landing-table.test.ts checks that none is missing).
import { HotelSearchForm } from '~/components/hotels/hotel-search-form';
import { LandingPage } from '../landing-route';

export { handle, loader, meta } from '../landing-route';

export default function HotelLanding() {
  return (
    <LandingPage
      search={(search) => {
        if (search.kind === 'package') return <HotelSearchForm destinations={search.destinations} minCheckin={search.minCheckin} packageRate />;
        if (search.kind === 'holidayHomes') return <HotelSearchForm destinations={search.destinations} minCheckin={search.minCheckin} flow={search.flow} />;
        return null;
      }}
    />
  );
}
