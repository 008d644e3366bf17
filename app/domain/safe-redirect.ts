/**
 * Where a redirect built from visitor input (`redirectTo`, `returnTo`, …) may go: a path on
 * this site, or nothing. Browsers are lenient in ways that turn a "path" into another host:
 * `//evil` and `/\evil` are scheme-relative, tabs and newlines are stripped (`/\t/evil`),
 * backslashes read as slashes, and dot segments can collapse `/.%2e//evil` into `//evil`.
 * So: refuse every raw control character, whitespace and backslash; refuse a leading `//`
 * in the raw and the percent-decoded form (a second decoding layer must not find one
 * either); then resolve the path as a browser would and require the same origin and a
 * single leading slash in the result. Returns the resolved path (path, query, fragment).
 */
const HOME = 'http://home.invalid';
const MAX_LENGTH = 2048;
// C0 controls, space, DEL, C1 controls, the Unicode spaces browsers trim, and backslash.
// eslint-disable-next-line no-control-regex -- control characters are what this finds
const UNSAFE = /[\u0000-\u0020\u007f-\u00a0\u1680\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff\\]/;

function fullyDecoded(value: string): string | null {
  let current = value;
  for (let round = 0; round < 4; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return current;
    current = next;
  }
  return null; // more than four layers of encoding is not a real link
}

/** A leading slash followed by anything that could start a host (another slash, a backslash, a control or space). */
// eslint-disable-next-line no-control-regex -- a control character after the slash is what this finds
const startsLikeAHost = (path: string) => !path.startsWith('/') || /^\/[/\\\u0000-\u0020\u007f]/.test(path);

export function sameOriginPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LENGTH) return null;
  if (UNSAFE.test(value) || startsLikeAHost(value)) return null;
  const decoded = fullyDecoded(value);
  if (decoded === null || startsLikeAHost(decoded)) return null;
  const pathPart = decoded.split(/[?#]/, 1)[0] ?? '';
  if (UNSAFE.test(pathPart)) return null;
  let url: URL;
  try {
    url = new URL(value, HOME);
  } catch {
    return null;
  }
  if (url.origin !== HOME || startsLikeAHost(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `sameOriginPath`, or `fallback` when the value could leave the site. */
export function safeRedirectTarget(value: unknown, fallback = '/'): string {
  return sameOriginPath(value) ?? fallback;
}
