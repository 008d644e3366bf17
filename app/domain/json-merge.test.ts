import { describe, expect, it } from 'vitest';
import { type Json, jsonEqual, mergeJson } from './json-merge';

const layout = (blocks: Json[]) => ({ kind: 'home', id: 'home.default', blocks });
const block = (id: string, props: Record<string, Json> = {}) => ({ id, type: `home.${id}`, props });

describe('mergeJson', () => {
  it('keeps both sides where they changed different fields', () => {
    const base = { header: { version: 1 }, name: 'Wanderly', locale: { languages: ['en-US'] } };
    const theirs = { header: { version: 3 }, name: 'Wanderly', locale: { languages: ['en-US'] } };
    const mine = { header: { version: 1 }, name: 'Wanderly Travel', locale: { languages: ['en-US', 'es-MX'] } };
    expect(mergeJson(base, theirs, mine)).toEqual({
      value: { header: { version: 3 }, name: 'Wanderly Travel', locale: { languages: ['en-US', 'es-MX'] } },
      clashes: [],
    });
  });

  it('names a clash on the same field with the three values, holding theirs until the admin chooses', () => {
    const base = { header: { version: 1 } };
    const result = mergeJson(base, { header: { version: 2 } }, { header: { version: 3 } });
    expect(result.clashes).toEqual([{ pointer: '/header/version', base: 1, theirs: 2, mine: 3 }]);
    expect(result.value).toEqual({ header: { version: 2 } });
    expect(mergeJson(base, { header: { version: 2 } }, { header: { version: 3 } }, { '/header/version': 'mine' })).toEqual({ value: { header: { version: 3 } }, clashes: [] });
  });

  it('adds and removes keys from either side; a remove against a change clashes', () => {
    expect(mergeJson({ a: 1, b: 2 }, { a: 1 }, { a: 1, b: 2, c: 3 }).value).toEqual({ a: 1, c: 3 });
    expect(mergeJson({ a: 1, b: 2 }, { a: 1 }, { a: 1, b: 5 }).clashes).toEqual([{ pointer: '/b', base: 2, theirs: undefined, mine: 5 }]);
  });

  it("merges a layout's blocks by id: one admin's reorder and another's prop edit both survive", () => {
    const base = layout([block('hero'), block('search'), block('featured', { title: 'Top' })]);
    const theirs = layout([block('featured', { title: 'Top' }), block('hero'), block('search')]);
    const mine = layout([block('hero'), block('search'), block('featured', { title: 'Best deals' })]);
    expect(mergeJson(base, theirs, mine)).toEqual({ value: layout([block('featured', { title: 'Best deals' }), block('hero'), block('search')]), clashes: [] });
  });

  it('keeps blocks either side added, after their neighbour, and drops those either side removed', () => {
    const base = layout([block('hero'), block('search')]);
    const theirs = layout([block('hero'), block('ads'), block('search')]);
    const mine = layout([block('search'), block('news')]);
    expect(mergeJson(base, theirs, mine).value).toEqual(layout([block('ads'), block('search'), block('news')]));
  });

  it('clashes when both reorder the same blocks differently', () => {
    const base = layout([block('a'), block('b'), block('c')]);
    const result = mergeJson(base, layout([block('b'), block('a'), block('c')]), layout([block('c'), block('a'), block('b')]));
    expect(result.clashes.map((c) => c.pointer)).toEqual(['/blocks']);
  });

  it('never loses a change silently: every change of either side is in the result or in a clash (randomised)', () => {
    let seed = 42;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const keys = ['a', 'b', 'c', 'd', 'e', 'f'];
    const doc = (): Record<string, Json> => Object.fromEntries(keys.map((key) => [key, { x: Math.floor(random() * 3), y: 'v' }]));
    const edit = (from: Record<string, Json>) => {
      const out = structuredClone(from);
      for (const key of keys) if (random() < 0.4) out[key] = random() < 0.2 ? (undefined as unknown as Json) : { x: Math.floor(random() * 5), y: random() < 0.5 ? 'v' : 'w' };
      return JSON.parse(JSON.stringify(out)) as Record<string, Json>;
    };
    for (let round = 0; round < 500; round += 1) {
      const base = doc();
      const theirs = edit(base);
      const mine = edit(base);
      const { value, clashes } = mergeJson(base, theirs, mine);
      const merged = value as Record<string, Json>;
      const clashed = (key: string) => clashes.some((c) => c.pointer === `/${key}` || c.pointer.startsWith(`/${key}/`));
      for (const key of keys) {
        for (const side of [theirs, mine]) {
          if (jsonEqual(side[key], base[key])) continue;
          // A change either stands in the result, field by field, or is shown as a clash.
          const kept = (['x', 'y'] as const).every((field) => {
            const changed = (side[key] as Record<string, Json> | undefined)?.[field];
            return jsonEqual(changed, (base[key] as Record<string, Json> | undefined)?.[field]) || jsonEqual(changed, (merged[key] as Record<string, Json> | undefined)?.[field]);
          });
          expect(kept || clashed(key), `round ${round} key ${key}`).toBe(true);
        }
      }
    }
  });
});
