import { describe, expect, it } from 'vitest';
import { VIEW_MORE_COUNT, viewMore } from './view-more';

const items = Array.from({ length: 23 }, (_, i) => i + 1);

describe('view more (spec §9: 10 at a time for resorts)', () => {
  it('shows ten, then ten more per page, and no further page at the end', () => {
    expect(VIEW_MORE_COUNT).toBe(10);
    expect(viewMore(items, 1)).toEqual({ shown: items.slice(0, 10), total: 23, nextPage: 2 });
    expect(viewMore(items, 2).shown).toHaveLength(20);
    expect(viewMore(items, 2).nextPage).toBe(3);
    expect(viewMore(items, 3)).toEqual({ shown: items, total: 23, nextPage: null });
    expect(viewMore(items, 9).nextPage).toBeNull();
    expect(viewMore(items.slice(0, 10), 1).nextPage).toBeNull();
  });

  it('treats a bad page as the first', () => {
    expect(viewMore(items, 0).shown).toHaveLength(10);
    expect(viewMore(items, 1.5).shown).toHaveLength(10);
    expect(viewMore([], 1)).toEqual({ shown: [], total: 0, nextPage: null });
  });
});
