// The one details route module (docs/decisions/0029), mounted by remix.config.js at every
// product's details URL under the route id it always had; see results-route.tsx.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { pageProductOf, requirePageProduct } from './page-product';
import { detailsPages } from './products.server';
import { DetailsView, detailsTitle } from './views';

/** A path that is no product's details page answers 404; the product's service answers 400/404 for a bad choice. */
export async function loader(args: LoaderFunctionArgs) {
  const product = requirePageProduct(args.request, 'details');
  return json({ ...(await detailsPages[product](args)), product });
}

export default function Details() {
  return <DetailsView data={useLoaderData<typeof loader>()} />;
}

export const meta: MetaFunction<typeof loader> = ({ data, location }) => {
  const product = data?.product ?? pageProductOf(location.pathname, 'details');
  return [{ title: product ? detailsTitle(product, data) : 'Details' }];
};

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
