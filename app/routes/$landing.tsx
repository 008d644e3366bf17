import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { BlockList } from '~/blocks/registry';
import { WeeksSearchForm } from '~/components/weeks/weeks-search-form';
import { isLandingSlug, landingPageOffered } from '~/domain/landing-pages';
import { resolveOrg } from '~/services/config.server';
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
  return json({ slug, weeksSearch, ...(await loadPage(request, 'landing')) });
}

/**
 * Dream trips are the top-rated resort and stay weeks, so their search is the /weeks search
 * with the collection set: one results page and one hold flow rather than a second stack.
 */
const weeksScopeOf = { resorts: 'RST', stays: 'STY', weeks: 'WEEKS', dreamtrips: 'WEEKS' } as const;

export default function LandingPage() {
  const { blocks, weeksSearch, slug } = useLoaderData<typeof loader>();
  if (!weeksSearch) return <BlockList blocks={blocks} />;
  // The weeks search goes right below the page's intro (its heading).
  return (
    <>
      <BlockList blocks={blocks.slice(0, 1)} />
      <WeeksSearchForm
        scope={weeksSearch.scope}
        destinations={weeksSearch.destinations}
        minCheckin={weeksSearch.minCheckin}
        values={{ collection: slug === 'dreamtrips' ? 'dreamtrips' : null }}
      />
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
