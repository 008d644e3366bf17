// The activities’, transfers’, cruises’ and restaurants’ landings: the landing route (../landing-route.tsx) with its search form. A module per form
// keeps other products' forms out of the page's JavaScript (docs/decisions/0037); it re-exports
// every export of the route Remix reads (landing-table.test.ts checks that none is missing).
import { OfferSearchForm } from '~/components/offers/offer-search-form';
import { LandingPage } from '../landing-route';

export { handle, loader, meta } from '../landing-route';

export default function OfferLanding() {
  return <LandingPage search={(search) => (search.kind === 'offer' ? <OfferSearchForm form={search.form} /> : null)} />;
}
