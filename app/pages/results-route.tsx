// The one results route module (docs/decisions/0029), mounted by remix.config.js at every
// product's results URL under the route id it always had. The URL names the product (the
// registry's pages); the product's entry in the page table loads; the shared page shell and the
// product's own view render.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { documentHeaders } from '~/route-headers';
import { requireWithinRateLimit } from '~/services/rate-limit.server';
import { pageProductOf, requirePageProduct } from './page-product';
import { resultsPages } from './products.server';
import { ResultsView, resultsTitle } from './views';

/** A 429 (too many searches, holds or e-mails) tells the browser when to retry. */
export const headers = documentHeaders;

/** Every search is rate limited; a path that is no product's results page answers 404. */
export async function loader(args: LoaderFunctionArgs) {
  const product = requirePageProduct(args.request, 'results');
  await requireWithinRateLimit(args.context, 'search', 'page');
  // The product's page data stays at the top level, as each results page answered before (scripts read `_data`).
  return json({ ...(await resultsPages[product](args)), product });
}

export default function Results() {
  return <ResultsView data={useLoaderData<typeof loader>()} />;
}

export const meta: MetaFunction<typeof loader> = ({ data, location }) => {
  const product = data?.product ?? pageProductOf(location.pathname, 'results');
  return [{ title: product ? resultsTitle(product, data) : 'Search' }];
};

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
