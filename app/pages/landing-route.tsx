// The product landing pages' one route (/hotels, /flight, /cars, … spec §2). remix.config.js
// mounts each landing that opens with a search through the module of its search form
// (./landing/*.tsx: this route plus that form), so a landing loads no other product's form
// (docs/decisions/0037); app/routes/$landing.tsx serves the others and every unknown path.
import type { AppLoadContext, LoaderFunctionArgs, MetaFunction, SerializeFrom } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import type { ReactNode } from 'react';
import { renderBlocks } from '~/blocks/block-list';
import { BLOCK_VIEWS } from '~/blocks/generated/views.landing';
import { type LandingSlug, isLandingSlug, landingPage, landingPageOffered } from '~/domain/landing-pages';
import { isOfFamily } from '~/products/registry';
import { carSearchFormData } from '~/products/car/car-pages.server';
import { isOfferSegment } from '~/domain/offers';
import { flightSearchFormData } from '~/products/flight/flight-pages.server';
import { type PageUrl, hotelSearchFormData } from '~/products/hotel/hotel-pages.server';
import { offerPageContext, offerSearchFormData } from '~/products/offer/offer-pages.server';
import { loadPage } from '~/services/site/page.server';
import { weeksSearchFormData } from '~/products/weeks/weeks-pages.server';
import { pageMeta } from '~/i18n/page-meta';
import { CACHEABLE_FOR_ANONYMOUS_VISITORS } from '~/domain/page-cache';

/**
 * Dream trips are the top-rated resort and stay weeks, so their search is the /weeks search
 * with the collection set; packages are hotel stays at package rates, so theirs is the hotel
 * search with `package=1`. Each reuses an existing results, details and hold-holding checkout
 * rather than a second page stack that would drift from the first. The search form a landing
 * opens with, and what it needs: resort, stay and weeks landings open the weeks search of
 * their product (landing-pages.ts marks which landings have a search).
 */
async function landingSearch(context: AppLoadContext, url: PageUrl, slug: LandingSlug) {
  const scope = landingPage(slug).product;
  if (isOfFamily(scope, 'weeks')) {
    return { kind: 'weeks' as const, collection: slug === 'dreamtrips' ? 'dreamtrips' : null, ...(await weeksSearchFormData(context, scope)) };
  }
  if (slug === 'packages') return { kind: 'package' as const, ...(await hotelSearchFormData(context, url)) };
  // Holiday stays are holiday homes: the hotel search, in the /holidaystays flow (the URL says so).
  if (slug === 'holidaystays') return { kind: 'holidayHomes' as const, ...(await hotelSearchFormData(context, url)) };
  if (slug === 'cars') return { kind: 'cars' as const, ...(await carSearchFormData(context)) };
  // /flight opens with the flight search and the visitor's recent searches.
  if (slug === 'flight') return { kind: 'flight' as const, ...(await flightSearchFormData(context, url)) };
  // Activities, transfers, cruises and restaurants open with their own search.
  if (isOfferSegment(slug)) return { kind: 'offer' as const, form: await offerSearchFormData(await offerPageContext(context, slug)) };
  return null;
}

/**
 * The product landing pages (/hotels, /flight, /cars, … spec §2). Any other one-segment
 * path, or a product the organisation does not sell, is a 404.
 */
/** The same for every anonymous visitor with the same language, currency, cookies and URL (decision 0035). */
export const handle = CACHEABLE_FOR_ANONYMOUS_VISITORS;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  // Landings with a search are mounted at their own path (no `:landing` parameter): the path is the slug.
  const slug = params.landing ?? new URL(request.url).pathname.split('/')[1] ?? '';
  if (!isLandingSlug(slug) || !landingPageOffered(slug, context.org.products)) {
    throw new Response('Not found', { status: 404 });
  }
  const url = new URL(request.url);
  return json({ slug, search: await landingSearch(context, url, slug), ...(await loadPage(context, url.pathname, 'landing')) });
}

export type LandingSearchData = NonNullable<SerializeFrom<typeof loader>['search']>;

/**
 * The landing page; `search` renders the search form it opens with, for the kinds of search
 * its module mounts (any other is a mounting mistake and fails loudly).
 */
export function LandingPage({ search: renderSearch }: { search?: (search: LandingSearchData) => ReactNode }) {
  const { blocks, search } = useLoaderData<typeof loader>();
  if (!search) return renderBlocks(BLOCK_VIEWS, blocks);
  const form = renderSearch?.(search);
  if (!form) throw new Error(`this landing has no form for a ${search.kind} search`);
  // The search goes right below the page's intro (its heading).
  return (
    <>
      {renderBlocks(BLOCK_VIEWS, blocks.slice(0, 1))}
      {form}
      {renderBlocks(BLOCK_VIEWS, blocks.slice(1))}
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, ...args }) => pageMeta(args, 'landing', (t) => (data ? t(`landing.page.${data.slug}`) : null));
