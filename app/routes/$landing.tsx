import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { BlockList } from '~/blocks/registry';
import { isLandingSlug, landingPageOffered } from '~/domain/landing-pages';
import { resolveOrg } from '~/services/config.server';
import { loadPage } from '~/services/page.server';

/**
 * The product landing pages (/hotels, /flight, /cars, … spec §2). Any other one-segment
 * path, or a product the organisation does not sell, is a 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const slug = params.landing ?? '';
  if (!isLandingSlug(slug) || !landingPageOffered(slug, resolveOrg(request).products)) {
    throw new Response('Not found', { status: 404 });
  }
  return json({ slug, ...(await loadPage(request, 'landing')) });
}

export default function LandingPage() {
  const { blocks } = useLoaderData<typeof loader>();
  return <BlockList blocks={blocks} />;
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const root = matches.find((m) => m.id === 'root')?.data;
  const orgName = root && typeof root === 'object' && 'org' in root && root.org && typeof root.org === 'object' && 'name' in root.org ? String(root.org.name) : '';
  const messages = root && typeof root === 'object' && 'messages' in root && root.messages && typeof root.messages === 'object' ? root.messages : {};
  const key = `landing.page.${data?.slug ?? ''}`;
  const name = String(Object.entries(messages).find(([k]) => k === key)?.[1] ?? '');
  return [{ title: [name, orgName].filter(Boolean).join(' · ') }];
};
