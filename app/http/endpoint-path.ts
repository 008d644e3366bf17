/**
 * Finding the endpoint a URL path names in a table of path patterns (`/api/booking/cancel`,
 * `/api/card-service/v1/card/delete/:email`), matched the way Remix matched the endpoints when
 * each was a route of its own: literal segments case-insensitively, trailing slashes ignored,
 * each segment percent-decoded before matching, a `:name` segment taking one non-empty segment
 * as `params.name`. The patterns are compiled once, when the table is built, so a request costs
 * a map look-up (or a walk over the few patterns with a parameter), not a route tree.
 */

type Segment = { literal: string } | { param: string };
type Compiled<T> = { segments: Segment[]; endpoint: T };

export type EndpointMatch<T> = { endpoint: T; params: Record<string, string> };

/** A pattern's segments: `:name` is a parameter, anything else a literal (compared in lower case). */
function segmentsOf(pattern: string): Segment[] {
  return pattern
    .replace(/^\/+/, '')
    .split('/')
    .map((segment) => (segment.startsWith(':') ? { param: segment.slice(1) } : { literal: segment.toLowerCase() }));
}

/**
 * The path as Remix matches it: each segment decoded, an encoded slash kept as `%2F` so it stays
 * inside its segment (a parameter gets it back as `/`); a path that cannot be decoded is matched
 * as it came. Trailing slashes do not count.
 */
export function decodedSegments(pathname: string): string[] {
  let decoded: string;
  try {
    decoded = pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    decoded = pathname;
  }
  return decoded.replace(/^\/+/, '').replace(/\/+$/, '').split('/');
}

function paramsOf(segments: Segment[], path: string[]): Record<string, string> | null {
  if (segments.length !== path.length) return null;
  const params: Record<string, string> = {};
  for (const [index, segment] of segments.entries()) {
    const value = path[index]!;
    if ('literal' in segment) {
      if (segment.literal !== value.toLowerCase()) return null;
    } else {
      if (value === '') return null;
      params[segment.param] = value.replace(/%2F/g, '/');
    }
  }
  return params;
}

/**
 * A finder over `table` (pattern → endpoint). A path that fits a pattern without parameters
 * takes it; otherwise the pattern with the most literal segments wins, as in Remix's ranking.
 */
export function endpointFinder<T>(table: Readonly<Record<string, T>>): (pathname: string) => EndpointMatch<T> | null {
  const literalOnly = new Map<string, T>();
  const withParams: Compiled<T>[] = [];
  for (const [pattern, endpoint] of Object.entries(table)) {
    const segments = segmentsOf(pattern);
    if (segments.every((segment) => 'literal' in segment)) {
      literalOnly.set(segments.map((segment) => ('literal' in segment ? segment.literal : '')).join('/'), endpoint);
    } else {
      withParams.push({ segments, endpoint });
    }
  }
  const literals = (segments: Segment[]) => segments.filter((segment) => 'literal' in segment).length;
  withParams.sort((a, b) => literals(b.segments) - literals(a.segments));

  return (pathname) => {
    const path = decodedSegments(pathname);
    const exact = literalOnly.get(path.join('/').toLowerCase());
    if (exact !== undefined) return { endpoint: exact, params: {} };
    for (const { segments, endpoint } of withParams) {
      const params = paramsOf(segments, path);
      if (params) return { endpoint, params };
    }
    return null;
  };
}
