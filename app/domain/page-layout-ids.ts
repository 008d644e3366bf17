/**
 * The layout ids an organisation's `pages` names, read leniently: a draft being edited may be
 * broken anywhere, and whatever it still names is what the editor shows and the checks load.
 * A page's choice is a layout id, or `{default, byProduct}`.
 */
export function layoutIdsOfPage(choice: unknown): string[] {
  if (typeof choice === 'string') return [choice];
  if (typeof choice !== 'object' || choice === null) return [];
  const { default: fallback, byProduct } = choice as { default?: unknown; byProduct?: unknown };
  const ids = [fallback, ...(typeof byProduct === 'object' && byProduct !== null ? Object.values(byProduct) : [])];
  return [...new Set(ids.filter((id): id is string => typeof id === 'string'))];
}

/** Every layout id the organisation's pages name, each once. */
export function layoutIdsNamed(org: unknown): string[] {
  const pages = (org as { pages?: unknown } | null)?.pages;
  if (typeof pages !== 'object' || pages === null) return [];
  return [...new Set(Object.values(pages).flatMap(layoutIdsOfPage))];
}
