import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { BlockList } from '~/blocks/registry';
import { OfferSearchForm } from '~/components/offers/offer-search-form';
import { WeeksSearchForm } from '~/components/weeks/weeks-search-form';
import { isLandingSlug, landingPageOffered } from '~/domain/landing-pages';
import { isOfferSegment } from '~/domain/offers';
import { resolveOrg } from '~/services/config.server';
import { offerPageContext, offerSearchFormData } from '~/services/offer-pages.server';
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
  // Resorts and stays open with their weeks search (the results page has it too).
  const weeksSearch = slug === 'resorts' || slug === 'stays' ? await weeksSearchFormData(request, slug === 'resorts' ? 'RST' : 'STY') : null;
  // Activities, transfers, cruises and restaurants open with their own search.
  const offerSearch = isOfferSegment(slug) ? await offerSearchFormData(await offerPageContext(request, slug)) : null;
  return json({ slug, weeksSearch, offerSearch, ...(await loadPage(request, 'landing')) });
}

export default function LandingPage() {
  const { blocks, weeksSearch, offerSearch } = useLoaderData<typeof loader>();
  if (!weeksSearch && !offerSearch) return <BlockList blocks={blocks} />;
  // The product's search goes right below the page's intro (its heading).
  return (
    <>
      <BlockList blocks={blocks.slice(0, 1)} />
      {weeksSearch ? <WeeksSearchForm kind={weeksSearch.kind} destinations={weeksSearch.destinations} minCheckin={weeksSearch.minCheckin} /> : null}
      {offerSearch ? <OfferSearchForm form={offerSearch} /> : null}
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
