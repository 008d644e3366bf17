import type { Request } from 'express';

/** A Host header as browsers send it: a DNS name or IPv4 address, or an IPv6 literal, and an optional port. */
const HOST_HEADER = /^(?:[a-z0-9_-]+(?:\.[a-z0-9_-]+)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** Whether a Host header is one a URL can be built from as it stands (no path, user or spaces smuggled in). */
export function isWellFormedHost(host: string | undefined): host is string {
  return host !== undefined && host.length <= 255 && HOST_HEADER.test(host);
}

/**
 * The origin a request was sent to: its scheme (a trusted proxy's X-Forwarded-Proto, TRUST_PROXY)
 * and its Host header, port included. The one origin the request context (through the host name),
 * the production host check, the page cache's key and the URL Remix sees all read: never
 * X-Forwarded-Host, which any client can send, so nothing a page contains comes from a header its
 * cache key does not hold. A request without a well-formed Host is refused before this is asked.
 */
export function requestOrigin(req: Request): string {
  return `${req.protocol}://${(req.get('host') ?? '').toLowerCase()}`;
}
