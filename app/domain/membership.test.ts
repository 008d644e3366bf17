import { describe, expect, it } from 'vitest';
import {
  NO_SHOW_PLANS_HOME,
  addMonths,
  isEntitled,
  organisationPaysFor,
  carouselShowsArrows,
  carouselSlides,
  carouselStart,
  closingSetsNoShow,
  dueRenewalTry,
  dunningDays,
  membershipFlow,
  nextRenewalTryDay,
  payNowDisabled,
  planExpiryAfterPayment,
  plansModalAutoOpens,
  renewalExpiry,
  subscriptionCharge,
  subscriptionPurchaseView,
} from './membership';

const plan = { initialPriceMinor: 9_900, renewalPriceMinor: 7_900, renewal: false, isTrial: false, organisationPays: false, debtMinor: 0 };

describe('membership flow (spec §4)', () => {
  it('renews a plan that is not ACTIVE; subscribes without one', () => {
    expect(membershipFlow('ACTIVE')).toBe('none');
    expect(membershipFlow('EXPIRED')).toBe('renewal');
    expect(membershipFlow(null)).toBe('subscription');
  });
});

describe('subscriptionCharge (spec §5 payable total)', () => {
  it('charges the initial price for a first subscription, the renewal price plus debt for a renewal', () => {
    expect(subscriptionCharge(plan)).toEqual({ amountMinor: 9_900, debtPaidMinor: 0 });
    expect(subscriptionCharge({ ...plan, renewal: true, debtMinor: 2_500 })).toEqual({ amountMinor: 10_400, debtPaidMinor: 2_500 });
    expect(subscriptionCharge({ ...plan, debtMinor: 2_500 })).toEqual({ amountMinor: 9_900, debtPaidMinor: 0 });
  });
  it('charges 0 for a trial and when the organisation pays', () => {
    expect(subscriptionCharge({ ...plan, isTrial: true, renewal: true, debtMinor: 2_500 })).toEqual({ amountMinor: 0, debtPaidMinor: 0 });
    expect(subscriptionCharge({ ...plan, organisationPays: true })).toEqual({ amountMinor: 0, debtPaidMinor: 0 });
  });
  it('refuses amounts that are not whole minor units', () => {
    expect(() => subscriptionCharge({ ...plan, debtMinor: -1 })).toThrow(RangeError);
    expect(() => subscriptionCharge({ ...plan, initialPriceMinor: 1.5 })).toThrow(RangeError);
  });
});

describe('plans modal (spec §2)', () => {
  it('opens by itself only on home, when displayModal, without the cookie', () => {
    expect(plansModalAutoOpens('/', true, [])).toBe(true);
    expect(plansModalAutoOpens('/home', true, ['other'])).toBe(true);
    expect(plansModalAutoOpens('/', false, [])).toBe(false);
    expect(plansModalAutoOpens('/', true, [NO_SHOW_PLANS_HOME])).toBe(false);
    expect(plansModalAutoOpens('/user/profile', true, [])).toBe(false);
  });
  it('sets noShowPlansHome only when closed on home', () => {
    expect(closingSetsNoShow('/home')).toBe(true);
    expect(closingSetsNoShow('/agent/profile')).toBe(false);
  });
  it('shows 2 slides from 768 px, 1 below; arrows only with more plans than slides', () => {
    expect([375, 767, 768, 1024, 1280].map(carouselSlides)).toEqual([1, 1, 2, 2, 2]);
    expect(carouselShowsArrows(2, 2)).toBe(false);
    expect(carouselShowsArrows(3, 2)).toBe(true);
    expect(carouselShowsArrows(2, 1)).toBe(true);
  });
  it('moves the carousel within the plans', () => {
    expect(carouselStart(0, 1, 3, 2)).toBe(1);
    expect(carouselStart(1, 1, 3, 2)).toBe(1);
    expect(carouselStart(0, -1, 3, 2)).toBe(0);
    expect(carouselStart(0, 1, 1, 2)).toBe(0);
  });
  it('disables Pay Now until authorised, while saving, by the caller, or with add new card chosen (spec §5, §4)', () => {
    const ready = { authorised: true, saving: false, disabledByCaller: false, addingCard: false };
    expect(payNowDisabled(ready)).toBe(false);
    expect(payNowDisabled({ ...ready, authorised: false })).toBe(true);
    expect(payNowDisabled({ ...ready, saving: true })).toBe(true);
    expect(payNowDisabled({ ...ready, disabledByCaller: true })).toBe(true);
    expect(payNowDisabled({ ...ready, addingCard: true })).toBe(true);
  });
});

describe('validity and renewals', () => {
  it('adds months, clamping to the end of shorter months', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-11-24', 14)).toBe('2028-01-24');
    expect(addMonths('2026-03-15', -3)).toBe('2025-12-15');
  });
  it('extends a running plan from its expiry, an expired one from today', () => {
    expect(planExpiryAfterPayment({ today: '2026-11-24', currentExpiry: '2027-01-10', years: 1, months: 0 })).toBe('2028-01-10');
    expect(planExpiryAfterPayment({ today: '2026-11-24', currentExpiry: '2026-09-01', years: 0, months: 6 })).toBe('2027-05-24');
    expect(planExpiryAfterPayment({ today: '2026-11-24', currentExpiry: null, years: 1, months: 1 })).toBe('2027-12-24');
  });
  it('tries a renewal on its day and after each retry delay, then no more', () => {
    expect(dunningDays('2026-12-30', [1, 3, 7])).toEqual(['2026-12-30', '2026-12-31', '2027-01-02', '2027-01-06']);
    expect(() => dunningDays('2026-12-30', [0])).toThrow(RangeError);
    expect(dueRenewalTry('2026-12-29', '2026-12-30', [1, 3], 0)).toBeNull();
    expect(dueRenewalTry('2026-12-30', '2026-12-30', [1, 3], 0)).toBe(0);
    expect(dueRenewalTry('2026-12-30', '2026-12-30', [1, 3], 1)).toBeNull();
    expect(dueRenewalTry('2027-01-05', '2026-12-30', [1, 3], 2)).toBe(2);
    expect(dueRenewalTry('2027-01-05', '2026-12-30', [1, 3], 3)).toBeNull();
  });
  it('makes at most one try a day, so missed tries follow day by day', () => {
    // The job was stopped from the renewal day until 2027-01-05: the first try then …
    expect(dueRenewalTry('2027-01-05', '2026-12-30', [1, 3], 0, null)).toBe(0);
    // … the second is due (its day has passed) but not on the day of the first.
    expect(dueRenewalTry('2027-01-05', '2026-12-30', [1, 3], 1, '2027-01-05')).toBeNull();
    expect(dueRenewalTry('2027-01-06', '2026-12-30', [1, 3], 1, '2027-01-05')).toBe(1);
    expect(dueRenewalTry('2026-12-31', '2026-12-30', [1, 3], 1, '2026-12-30')).toBe(1);
  });
  it('tells the member when the next try is made, never the day of the failed one', () => {
    expect(nextRenewalTryDay('2026-12-30', '2026-12-30', [1, 3, 7], 1)).toBe('2026-12-31');
    expect(nextRenewalTryDay('2026-12-31', '2026-12-30', [1, 3, 7], 2)).toBe('2027-01-02');
    expect(nextRenewalTryDay('2027-01-05', '2026-12-30', [1, 3, 7], 1)).toBe('2027-01-06');
    expect(nextRenewalTryDay('2027-01-06', '2026-12-30', [1, 3, 7], 4)).toBeNull();
    expect(nextRenewalTryDay('2026-12-30', '2026-12-30', [], 1)).toBeNull();
  });
  it('renews from the old expiry whenever the charge goes through', () => {
    expect(renewalExpiry('2026-12-30', { years: 1, months: 0 })).toBe('2027-12-30');
    expect(renewalExpiry('2027-01-31', { years: 0, months: 1 })).toBe('2027-02-28');
    expect(renewalExpiry('2026-12-30', { years: 1, months: 6 })).toBe('2028-06-30');
  });
});

describe('plans the organisation pays for', () => {
  const entitled = { companies: ['Demo Travel Desk'], emailDomains: ['voyagerpro.example'], users: ['Grant@Example.com'] };
  it('entitles its companies, its domains and the users it names, nobody else', () => {
    expect(isEntitled(entitled, { email: 'ana@gmail.com', company: 'Demo Travel Desk' })).toBe(true);
    expect(isEntitled(entitled, { email: 'ana@voyagerpro.example', company: null })).toBe(true);
    expect(isEntitled(entitled, { email: 'grant@example.com', company: null })).toBe(true);
    expect(isEntitled(entitled, { email: 'ana@gmail.com', company: null })).toBe(false);
    expect(isEntitled(entitled, { email: 'ana@evil-voyagerpro.example', company: 'Other Co' })).toBe(false);
    expect(isEntitled(undefined, { email: 'ana@voyagerpro.example', company: 'Demo Travel Desk' })).toBe(false);
  });

  it('pays only for an entitled user, when it pays every plan or this one', () => {
    expect(organisationPaysFor(true, true, false)).toBe(true);
    expect(organisationPaysFor(true, false, true)).toBe(true);
    expect(organisationPaysFor(true, false, false)).toBe(false);
    expect(organisationPaysFor(false, true, true)).toBe(false);
  });
});

describe('subscription success page (issue 34)', () => {
  it('names the amount as charged only for a confirmed purchase', () => {
    expect(subscriptionPurchaseView('confirmed')).toEqual({ says: 'confirmed', amount: 'charged' });
    expect(subscriptionPurchaseView('initiated')).toEqual({ says: 'unpaid', amount: 'due' });
    expect(subscriptionPurchaseView('pending')).toEqual({ says: 'pending', amount: 'due' });
    expect(subscriptionPurchaseView('failed')).toEqual({ says: 'failed', amount: 'notCharged' });
    expect(subscriptionPurchaseView('cancelled')).toEqual({ says: 'failed', amount: 'notCharged' });
  });
});
