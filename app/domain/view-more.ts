/** Default "view more" count for resorts and stays (spec §9). */
export const VIEW_MORE_COUNT = 10;

/**
 * "View more" paging: page n shows the first n × size results (each click adds the next ten
 * below those already shown), and says which page the next click asks for, if any.
 */
export function viewMore<T>(items: readonly T[], page: number, size = VIEW_MORE_COUNT): { shown: T[]; total: number; nextPage: number | null } {
  const current = Number.isInteger(page) && page >= 1 ? page : 1;
  const shown = items.slice(0, current * size);
  return { shown, total: items.length, nextPage: shown.length < items.length ? current + 1 : null };
}
