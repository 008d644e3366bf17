/**
 * The hotel results of one destination for a suggested stay (destination-links' suggestedStay).
 * Apart from it, with no imports, as the browser builds home's destination links: the page's
 * data then carries the stay once, not in each of its dozens of links.
 */
export function destinationPath(slug: string, stay: string): string {
  return `/search-detail?destination=${encodeURIComponent(slug)}&${stay}`;
}
