import { describe, expect, it } from 'vitest';
import { configDiff } from './config-diff';

const home = (...ids: string[]) => ({ kind: 'home', id: 'home.default', blocks: ids.map((id) => ({ id, type: `home.${id}` })) });

describe('configDiff', () => {
  it('says which block moved, not every block it passed', () => {
    const lines = configDiff(
      { org: {}, layouts: { 'home.default': home('hero', 'search', 'deals', 'featured', 'news') } },
      { org: {}, layouts: { 'home.default': home('hero', 'featured', 'search', 'deals', 'news') } },
    );
    expect(lines).toEqual([{ pointer: '/layouts/home.default/blocks/1', text: 'moved block featured from 4 to 2 (layout home.default)' }]);
  });

  it('names added and removed blocks and changed props', () => {
    const before = {
      org: {},
      layouts: {
        'home.default': {
          ...home('hero', 'news'),
          blocks: [
            { id: 'hero', type: 'home.hero', props: { title: 'Hi' } },
            { id: 'news', type: 'home.news' },
          ],
        },
      },
    };
    const after = {
      org: {},
      layouts: {
        'home.default': {
          ...home(),
          blocks: [
            { id: 'hero', type: 'home.hero', props: { title: 'Hello' } },
            { id: 'ads', type: 'home.ads' },
          ],
        },
      },
    };
    expect(configDiff(before, after).map((l) => l.text)).toEqual([
      'removed block news (layout home.default)',
      'added block ads at 2 (layout home.default)',
      'block hero (layout home.default): props.title “Hi” → “Hello”',
    ]);
  });

  it('reads org fields as before → after, additions and list changes', () => {
    const before = { org: { headerVersion: 'v1', locale: { languages: ['en-US'] }, payments: {} }, layouts: {} };
    const after = { org: { headerVersion: 'v3', locale: { languages: ['en-US', 'es-MX'] }, payments: { cardProvider: { pgId: 'PG_03' } } }, layouts: {} };
    expect(configDiff(before, after)).toEqual([
      { pointer: '/org/headerVersion', text: 'headerVersion “v1” → “v3”' },
      { pointer: '/org/locale/languages', text: 'locale.languages: added “es-MX”' },
      { pointer: '/org/payments/cardProvider', text: 'payments.cardProvider added: {"pgId":"PG_03"}' },
    ]);
  });

  it('follows plans by code and layouts by id', () => {
    const plan = (code: string, price: number) => ({ code, initialPriceMinor: price });
    const before = { org: { membership: { plans: [plan('ESSENTIAL', 100), plan('PLUS', 200)] } }, layouts: { a: home('x') } };
    const after = { org: { membership: { plans: [plan('ESSENTIAL', 150)] } }, layouts: { b: home('x') } };
    expect(configDiff(before, after).map((l) => l.text)).toEqual([
      'removed membership.plans item PLUS',
      'membership.plans item ESSENTIAL: initialPriceMinor 100 → 150',
      'layout a removed',
      'layout b added',
    ]);
  });

  it('is empty for equal bundles', () => {
    expect(configDiff({ org: { a: 1 }, layouts: { x: home('a') } }, { org: { a: 1 }, layouts: { x: home('a') } })).toEqual([]);
  });
});
