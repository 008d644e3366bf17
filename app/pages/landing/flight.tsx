// The flight landing (/flight): the landing route (../landing-route.tsx) with its search form. A module per form
// keeps other products' forms out of the page's JavaScript (docs/decisions/0037); it re-exports
// every export of the route Remix reads (landing-table.test.ts checks that none is missing).
import { FlightSearchForm } from '~/components/flights/flight-search-form';
import { LandingPage } from '../landing-route';

export { handle, loader, meta } from '../landing-route';

export default function FlightLanding() {
  return <LandingPage search={(search) => (search.kind === 'flight' ? <FlightSearchForm airports={search.airports} minDate={search.minDate} recent /> : null)} />;
}
