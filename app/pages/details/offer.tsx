// Activities’, transfers’, cruises’ and restaurants’ details page: the one details route (../details-route.tsx, docs/decisions/0029) with
// their view. A module per view keeps other products' views out of the page's JavaScript
// (docs/decisions/0037). It re-exports every export of the route (Remix reads a route's exports
// by name, so not `export *`; page-table.test.ts checks that none is missing).
import { OfferDetailsView } from '~/components/offers/offer-details';
import { ProductPage } from '../views';

export { ErrorBoundary, handle, loader, meta } from '../details-route';

export default function OfferDetailsPage() {
  return <ProductPage kind="details" module="offer" view={OfferDetailsView} />;
}
