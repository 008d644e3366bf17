/**
 * A service's answer to an API call: the status and the body the caller reads (docs/api.md).
 * Services return it; app/http turns it into HTTP (`respond`), so no service builds a Response
 * (issue 35 item 4, test/contracts/no-request-in-services.test.ts). Pure.
 */
export type Answer<B extends object = Record<string, unknown>> = { readonly status: number; readonly body: B };

export const answer = <B extends object>(status: number, body: B): Answer<B> => ({ status, body });
