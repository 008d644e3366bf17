import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { BlockList } from '~/blocks/registry';
import { HotelSearchForm } from '~/components/hotels/hotel-search-form';
import { WeeksSearchForm } from '~/components/weeks/weeks-search-form';
import { isLandingSlug, landingPageOffered } from '~/domain/landing-pages';
import { resolveOrg } from '~/services/config.server';
import { hotelSearchFormData } from '~/services/hotel-pages.server';
import { loadPage } from '~/services/page.server';
import { weeksSearchFormData } from '~/services/weeks-pages.server';

/**
 * The product landing pages (/hotels, /flight, /cars, … spec §2). Any other one-segment
 * path, or a product the organisation does not sell, is a 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const slug = params.landing ?? '';
  if (!isLandingSlug(slug) || !landingPageOffered(slug, resolveOrg(request).products)) {
    throw new Response('Not found', { status: 404 });
  }
  // Resorts, stays, weeks and dream trips open with their weeks search (the results page has it too).
  const scope = weeksScopeOf[slug as keyof typeof weeksScopeOf];
  const weeksSearch = scope ? await weeksSearchFormData(request, scope) : null;
  const packageSearch = slug === 'packages' ? await hotelSearchFormData(request) : null;
  return json({ slug, weeksSearch, packageSearch, ...(await loadPage(request, 'landing')) });
}

/**
 * Dream trips are the top-rated resort and stay weeks, so their search is the /weeks search
 * with the collection set; packages are hotel stays at package rates, so theirs is the hotel
 * search with `package=1`. Each reuses an existing results, details and hold-holding checkout
 * rather than a second page stack that would drift from the first.
 */
const weeksScopeOf = { resorts: 'RST', stays: 'STY', weeks: 'WEEKS', dreamtrips: 'WEEKS' } as const;

export default function LandingPage() {
  const { blocks, weeksSearch, packageSearch, slug } = useLoaderData<typeof loader>();
  if (!weeksSearch && !packageSearch) return <BlockList blocks={blocks} />;
  // The search goes right below the page's intro (its heading).
  return (
    <>
      <BlockList blocks={blocks.slice(0, 1)} />
      {weeksSearch ? (
        <WeeksSearchForm
          scope={weeksSearch.scope}
          destinations={weeksSearch.destinations}
          minCheckin={weeksSearch.minCheckin}
          values={{ collection: slug === 'dreamtrips' ? 'dreamtrips' : null }}
        />
      ) : null}
      {packageSearch ? <HotelSearchForm destinations={packageSearch.destinations} minCheckin={packageSearch.minCheckin} packageRate /> : null}
      <BlockList blocks={blocks.slice(1)} />
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const root = matches.find((m) => m.id === 'root')?.data;
  const orgName = root && typeof root === 'object' && 'org' in root && root.org && typeof root.org === 'object' && 'name' in root.org ? String(root.org.name) : '';
  const messages = root && typeof root === 'object' && 'messages' in root && root.messages && typeof root.messages === 'object' ? root.messages : {};
  const key = `landing.page.${data?.slug ?? ''}`;
  const name = String(Object.entries(messages).find(([k]) => k === key)?.[1] ?? '');
  return [{ title: [name, orgName].filter(Boolean).join(' · ') }];
};
