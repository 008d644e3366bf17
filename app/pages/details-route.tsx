// The one details route (docs/decisions/0029), mounted by remix.config.js at every product's
// details URL under the route id it always had, through the module of the product's view
// (./details/*.tsx); see results-route.tsx.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { CACHEABLE_DETAILS_PAGES } from '~/domain/page-cache';
import { pageMeta } from '~/i18n/page-meta';
import { detailsFallbackPath } from '~/domain/destination-links';
import { products } from '~/products/registry';
import { pageProductOf, requirePageProduct } from './page-product';
import { detailsPages } from '~/products/product-pages.server';
import { detailsTitle } from './views';

/**
 * A path that is no product's details page answers 404. A details link missing its search or
 * choice (the product's service answers 400) goes back to the product's search with a notice:
 * a traveller who followed a stale or cut link can act on that, not on a bare status code.
 * An unknown hotel, car or offer (404) keeps its answer.
 */
export async function loader(args: LoaderFunctionArgs) {
  const product = requirePageProduct(args.request, 'details');
  try {
    return json({ ...(await detailsPages[product](args)), product });
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status === 400) {
      const { details, results } = products[product].pages;
      throw redirect(detailsFallbackPath(new URL(args.request.url).pathname, { details, results }));
    }
    throw thrown;
  }
}

/** An anonymous visitor's details page is kept while availability stays the same (decision 0041). */
export const handle = CACHEABLE_DETAILS_PAGES;

export const meta: MetaFunction<typeof loader> = ({ data, location, ...args }) => {
  const product = data?.product ?? pageProductOf(location.pathname, 'details');
  return pageMeta(args, 'details', (t) => (product ? detailsTitle(product, data, t) : null));
};

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
