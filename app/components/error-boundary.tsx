import { Link, isRouteErrorResponse, useRouteError } from '@remix-run/react';

/** Renders thrown Responses by status, and anything else as a generic failure. */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // A rate limit (429) is the visitor's to wait out, not our failure: say so.
  const tooMany = isRouteErrorResponse(error) && error.status === 429;
  const message = isRouteErrorResponse(error)
    ? typeof error.data === 'string' && error.data
      ? error.data
      : notFound
        ? 'We could not find that page.'
        : `${error.status} ${error.statusText}`
    : 'Something went wrong on our side. Please try again.';
  return (
    <section className="error-page" aria-labelledby="error-title">
      <h1 id="error-title">{notFound ? 'Page not found' : tooMany ? 'Too many requests' : 'Something went wrong'}</h1>
      <p>{message}</p>
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </section>
  );
}
