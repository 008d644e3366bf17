// The resorts’, stays’, timeshare weeks’ and dream trips’ landings: the landing route (../landing-route.tsx) with its search form. A module per form
// keeps other products' forms out of the page's JavaScript (docs/decisions/0037); it re-exports
// every export of the route Remix reads (landing-table.test.ts checks that none is missing).
import { WeeksSearchForm } from '~/components/weeks/weeks-search-form';
import { LandingPage } from '../landing-route';

export { handle, loader, meta } from '../landing-route';

export default function WeeksLanding() {
  return (
    <LandingPage
      search={(search) =>
        search.kind === 'weeks' ? (
          <WeeksSearchForm scope={search.scope} destinations={search.destinations} minCheckin={search.minCheckin} values={{ collection: search.collection }} />
        ) : null
      }
    />
  );
}
