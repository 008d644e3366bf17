// The one results route (docs/decisions/0029), mounted by remix.config.js at every product's
// results URL under the route id it always had, through the module of the product's view
// (./results/*.tsx, docs/decisions/0037), which re-exports all of this and adds the page. The
// URL names the product (the registry's pages); the product's entry in the page table loads;
// the shared page shell and the product's own view render.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { CACHEABLE_RESULTS_PAGES } from '~/domain/page-cache';
import { pageMeta } from '~/i18n/page-meta';
import { documentHeaders } from '~/route-headers';
import { requireWithinRateLimit } from '~/http/rate-limits.server';
import { pageProductOf, requirePageProduct } from './page-product';
import { resultsPages } from '~/products/product-pages.server';
import { resultsTitle } from './views';

/** A 429 (too many searches, holds or e-mails) tells the browser when to retry. */
export const headers = documentHeaders;

/** Every search is rate limited; a path that is no product's results page answers 404. */
export async function loader(args: LoaderFunctionArgs) {
  const product = requirePageProduct(args.request, 'results');
  await requireWithinRateLimit(args.context, 'search', 'page');
  // The product's page data stays at the top level, as each results page answered before (scripts read `_data`).
  return json({ ...(await resultsPages[product](args)), product });
}

/** An anonymous visitor's results are kept while availability stays the same, each view still a search (decision 0041). */
export const handle = CACHEABLE_RESULTS_PAGES;

export const meta: MetaFunction<typeof loader> = ({ data, location, ...args }) => {
  const product = data?.product ?? pageProductOf(location.pathname, 'results');
  return pageMeta(args, 'results', (t) => (product ? resultsTitle(product, data, t) : null));
};

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
