// Which product a results or details URL belongs to, read from the product registry
// (docs/decisions/0029): the first path segment names the product (productFromPath), and the
// path must be that product's own page, at the site root or under one of its segments
// (/holidaystays/search-detail). Any other path has no product: the page answers 404.
import { type ProductCode, productFromPath, products } from '~/products/registry';

type Products = typeof products;

/** Products with a results page, and with a details page (WEEKS' results open their kinds' details). */
export type ResultsProductCode = { [C in ProductCode]: Products[C]['pages']['results'] extends string ? C : never }[ProductCode];
export type DetailsProductCode = { [C in ProductCode]: Products[C]['pages']['details'] extends string ? C : never }[ProductCode];

type PageKind = 'results' | 'details';
type CodeOf<K extends PageKind> = K extends 'results' ? ResultsProductCode : DetailsProductCode;

export function pageProductOf<K extends PageKind>(pathname: string, kind: K): CodeOf<K> | null {
  const path = pathname.replace(/\/+$/, '').toLowerCase();
  const code = productFromPath(path);
  const { pages, pathSegments } = products[code];
  const page = pages[kind];
  if (page === null) return null;
  const own = [page, ...pathSegments.map((segment) => `/${segment}${page}`)];
  return own.includes(path) ? (code as CodeOf<K>) : null;
}

/** The product of the page being loaded; any other path is not a page of ours (404). */
export function requirePageProduct<K extends PageKind>(request: Request, kind: K): CodeOf<K> {
  const code = pageProductOf(new URL(request.url).pathname, kind);
  if (!code) throw new Response('Not found', { status: 404 });
  return code;
}
