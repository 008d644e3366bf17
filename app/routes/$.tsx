import type { MetaFunction } from '@remix-run/node';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { pageMeta } from '~/i18n/page-meta';

// Any address no other route serves. Without this route a deep unknown address matched nothing,
// so the root's loader never ran and its 404 page had neither the organisation's shell nor the
// page's language; here the root loads as for any page and the 404 is in the visitor's language.
const notFound = () => {
  throw new Response(null, { status: 404, statusText: 'Not Found' });
};
export const loader = notFound;
export const action = notFound;

export const meta: MetaFunction = (args) => pageMeta(args, 'notFound');

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
