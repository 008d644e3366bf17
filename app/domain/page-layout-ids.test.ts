import { describe, expect, it } from 'vitest';
import { layoutIdsNamed, layoutIdsOfPage } from './page-layout-ids';

describe('the layout ids of a draft’s pages', () => {
  it('reads a plain id and a choice by product, each id once', () => {
    expect(layoutIdsOfPage('home.default')).toEqual(['home.default']);
    expect(layoutIdsOfPage({ default: 'checkout.default', byProduct: { HTL: 'checkout.hotel', CAR: 'checkout.default' } })).toEqual(['checkout.default', 'checkout.hotel']);
    expect(layoutIdsNamed({ pages: { home: 'home.a', checkout: { default: 'checkout.a', byProduct: { HTL: 'home.a' } } } })).toEqual(['home.a', 'checkout.a']);
  });

  it('skips what a broken draft holds instead of ids', () => {
    expect(layoutIdsOfPage(null)).toEqual([]);
    expect(layoutIdsOfPage(7)).toEqual([]);
    expect(layoutIdsOfPage({ default: 3, byProduct: 'x' })).toEqual([]);
    expect(layoutIdsOfPage({ byProduct: { HTL: 'checkout.hotel', CAR: false } })).toEqual(['checkout.hotel']);
    expect(layoutIdsNamed({ pages: 'home.a' })).toEqual([]);
    expect(layoutIdsNamed(null)).toEqual([]);
  });
});
