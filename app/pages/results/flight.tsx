// Flights’ results page: the one results route (../results-route.tsx, docs/decisions/0029) with
// their view. A module per view keeps other products' views out of the page's JavaScript
// (docs/decisions/0037). It re-exports every export of the route (Remix reads a route's exports
// by name, so not `export *`; page-table.test.ts checks that none is missing).
import { FlightResultsView } from '~/components/flights/flight-results';
import { ProductPage } from '../views';

export { ErrorBoundary, handle, headers, loader, meta } from '../results-route';

export default function FlightResultsPage() {
  return <ProductPage kind="results" module="flight" view={FlightResultsView} />;
}
