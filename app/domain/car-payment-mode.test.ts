import { describe, expect, it } from 'vitest';
import { type CarPaymentInput, type CarPaymentMode, carChargeMinor, carModeTakes, carPaymentMode, carPaymentModeWith } from './car-payment-mode';

const base: CarPaymentInput = {
  paymentType: 'prepaid',
  hasMarkup: false,
  hasPricingRule: false,
  hasCoupon: false,
  hasCashCard: false,
  hasWallet: false,
  total: 120,
  guaranteeNeeded: false,
  providerId: 'PG_01',
  referenceProvider: 'PG_01',
};
const mode = (over: Partial<CarPaymentInput>) => carPaymentMode({ ...base, ...over });
const direct = { mode: 'card-provider', variant: 'direct', referenceProvider: true };
const redirect = { mode: 'card-provider', variant: 'redirect', referenceProvider: false };

describe('carPaymentMode: prepaid', () => {
  it.each(['hasMarkup', 'hasPricingRule', 'hasCoupon', 'hasCashCard', 'hasWallet'] as const)('%s gives the card-provider path', (flag) => {
    expect(mode({ [flag]: true })).toEqual(direct);
    expect(mode({ [flag]: true, providerId: 'PG_03' })).toEqual(redirect);
  });
  it('a total under 1 gives nopg', () => {
    expect(mode({ total: 0.99 })).toEqual({ mode: 'nopg' });
    expect(mode({ total: 0 })).toEqual({ mode: 'nopg' });
    expect(mode({ total: Number.NaN })).toEqual({ mode: 'nopg' });
  });
  it('the card-provider rule comes first (the spec order), even under 1', () => {
    expect(mode({ total: 0, hasCoupon: true })).toEqual(direct);
  });
  it('no markup, rule or discount with a total of 1 or more is still charged now, never only guaranteed', () => {
    expect(mode({ total: 1 })).toEqual(direct);
    expect(mode({ total: 1, guaranteeNeeded: true })).toEqual(direct);
    expect(mode({ total: 1, providerId: 'PG_03' })).toEqual(redirect);
  });
});

describe('carPaymentMode: postpaid', () => {
  const postpaid = (over: Partial<CarPaymentInput>) => mode({ paymentType: 'postpaid', ...over });
  it('guarantee needed gives iframe', () => {
    expect(postpaid({ guaranteeNeeded: true })).toEqual({ mode: 'iframe' });
    expect(postpaid({ guaranteeNeeded: true, hasCoupon: true, hasCashCard: true, hasWallet: true })).toEqual({ mode: 'iframe' });
  });
  it('guarantee needed with markup or a pricing rule gives the card-provider path', () => {
    expect(postpaid({ guaranteeNeeded: true, hasMarkup: true })).toEqual(direct);
    expect(postpaid({ guaranteeNeeded: true, hasPricingRule: true, providerId: 'PG_02' })).toEqual(redirect);
  });
  it('without guarantee gives nopg, whatever else', () => {
    for (const over of [{}, { hasMarkup: true }, { hasPricingRule: true }, { hasCoupon: true }, { total: 0 }]) {
      expect(postpaid(over)).toEqual({ mode: 'nopg' });
    }
  });
});

describe('carPaymentMode: the reference provider', () => {
  it('is distinguished from the others, whichever the organisation names', () => {
    expect(mode({ hasMarkup: true, providerId: 'PG_01', referenceProvider: 'PG_01' })).toEqual(direct);
    expect(mode({ hasMarkup: true, providerId: 'PG_02', referenceProvider: 'PG_01' })).toEqual(redirect);
    expect(mode({ hasMarkup: true, providerId: 'PG_03', referenceProvider: 'PG_03' })).toEqual(direct);
    expect(mode({ hasMarkup: true, providerId: 'PG_01', referenceProvider: 'PG_03' })).toEqual(redirect);
  });
  it('covers every combination with one of the three modes', () => {
    const flags = [false, true];
    let seen = 0;
    for (const paymentType of ['prepaid', 'postpaid'] as const)
      for (const hasMarkup of flags)
        for (const hasPricingRule of flags)
          for (const hasCoupon of flags)
            for (const guaranteeNeeded of flags)
              for (const total of [0, 0.5, 1, 250]) {
                const result = mode({ paymentType, hasMarkup, hasPricingRule, hasCoupon, guaranteeNeeded, total });
                expect(['card-provider', 'iframe', 'nopg']).toContain(result.mode);
                if (paymentType === 'postpaid' && !guaranteeNeeded) expect(result.mode).toBe('nopg');
                if (paymentType === 'prepaid' && (hasMarkup || hasPricingRule || hasCoupon)) expect(result.mode).toBe('card-provider');
                seen += 1;
              }
    expect(seen).toBe(128);
  });
});

describe('carChargeMinor and carModeTakes: what each mode charges and takes', () => {
  const prepaid = { payment: 'prepaid' as const, total: 36_000, markup: 6_000 };
  const postpaid = { payment: 'postpaid' as const, total: 36_000, markup: 6_000 };
  it('card-provider charges a prepaid total, or a postpaid rental’s markup', () => {
    expect(carChargeMinor(direct as CarPaymentMode, prepaid)).toBe(36_000);
    expect(carChargeMinor(redirect as CarPaymentMode, postpaid)).toBe(6_000);
  });
  it('iframe and nopg charge nothing', () => {
    expect(carChargeMinor({ mode: 'iframe' }, prepaid)).toBe(0);
    expect(carChargeMinor({ mode: 'nopg' }, prepaid)).toBe(0);
  });
  it('iframe takes only a card guarantee; nopg only the zero path; card-provider never a guarantee', () => {
    const methods = ['card', 'saved_card', 'invoice', 'oxxo', 'zero', 'guarantee'] as const;
    expect(methods.filter((m) => carModeTakes({ mode: 'iframe' }, m))).toEqual(['guarantee']);
    expect(methods.filter((m) => carModeTakes({ mode: 'nopg' }, m))).toEqual(['zero']);
    expect(methods.filter((m) => carModeTakes(direct as CarPaymentMode, m))).toEqual(['card', 'saved_card', 'invoice', 'oxxo', 'zero']);
  });
});

describe('carPaymentModeWith: the stored value the checkout applied (issue 34)', () => {
  const rule = {
    paymentType: 'prepaid' as const,
    hasMarkup: false,
    hasPricingRule: false,
    guaranteeNeeded: false,
    providerId: 'PG_01' as const,
    referenceProvider: 'PG_01' as const,
    chargeMinor: 90,
  };
  it('a prepaid car with a wallet, a coupon or a cash card applied takes the card-provider path, whatever is left to pay', () => {
    expect(carPaymentModeWith({ ...rule, chargeMinor: 12_000 }, [{ kind: 'wallet', amountMinor: 12_000 }])).toEqual(direct);
    expect(carPaymentModeWith(rule, [{ kind: 'coupon', amountMinor: 50 }])).toEqual(direct);
    expect(carPaymentModeWith(rule, [{ kind: 'cash_card', amountMinor: 90 }])).toEqual(direct);
  });
  it('without any, the total decides: under 1 is nopg, points alone do not count as a discount', () => {
    expect(carPaymentModeWith(rule, [])).toEqual({ mode: 'nopg' });
    expect(carPaymentModeWith({ ...rule, chargeMinor: 150 }, [{ kind: 'points', amountMinor: 100 }])).toEqual({ mode: 'nopg' });
    expect(carPaymentModeWith({ ...rule, chargeMinor: 12_000 }, [])).toEqual(direct);
  });
});
