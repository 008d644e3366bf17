// The car rental landing (/cars): the landing route (../landing-route.tsx) with its search form. A module per form
// keeps other products' forms out of the page's JavaScript (docs/decisions/0037); it re-exports
// every export of the route Remix reads (landing-table.test.ts checks that none is missing).
import { CarSearchForm } from '~/components/cars/car-search-form';
import { RecentCarSearches } from '~/components/cars/recent-car-searches';
import { LandingPage } from '../landing-route';

export { handle, loader, meta } from '../landing-route';

export default function CarLanding() {
  return (
    <LandingPage
      search={(search) =>
        search.kind === 'cars' ? (
          <>
            <CarSearchForm locations={search.locations} minPickup={search.minPickup} today={search.today} />
            <RecentCarSearches today={search.today} />
          </>
        ) : null
      }
    />
  );
}
