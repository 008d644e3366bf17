import type { FraudAction, RiskSignals, StoredDecision } from '~/domain/fraud-risk';
import { type Random, seededRandom } from './seeded-random';

export const ATTACK_SHAPES = ['card-testing', 'stolen-card', 'account-takeover', 'device-farm', 'refund-burst'] as const;
export type TrafficShape = 'legitimate' | (typeof ATTACK_SHAPES)[number];

const MARKET = ['MX', 'US'];
const ELSEWHERE = ['BR', 'NG', 'RU', 'VN', 'GB', 'IN'];

/** An ordinary booking: one or two people on a device, their own card, booked ahead. */
function legitimate(r: Random): RiskSignals {
  const home = r.pick(MARKET);
  const abroad = r.chance(0.05);
  return {
    deviceAccounts: r.chance(0.1) ? 2 : 1,
    deviceCards: r.chance(0.15) ? 2 : 1,
    cardAttempts1h: r.chance(0.1) ? 2 : 1,
    emailAttempts1h: r.int(1, 2),
    ipAttempts1h: r.chance(0.02) ? r.int(5, 12) : r.int(1, 3),
    deviceAttempts1h: r.int(1, 2),
    userAttempts1h: r.int(1, 2),
    ipCountry: abroad ? r.pick(ELSEWHERE) : home,
    binCountry: home,
    inMarket: !abroad,
    accountAgeDays: r.chance(0.25) ? null : r.chance(0.1) ? 0 : r.int(1, 2000),
    disposableEmail: r.chance(0.005),
    botUserAgent: false,
    leadTimeHours: r.chance(0.08) ? r.between(2, 47) : r.between(48, 4000),
    amountToMedian: r.chance(0.02) ? r.between(3, 7) : r.between(0.2, 2.5),
    failedAuthorisations24h: r.chance(0.03) ? r.int(1, 2) : 0,
    refunds24h: r.chance(0.01) ? r.int(1, 2) : 0,
    gatewayRisk: r.chance(0.02) ? 'review' : 'approve',
    // A page with its card frame: the data collector ran.
    deviceData: true,
  };
}

const attacks: Record<(typeof ATTACK_SHAPES)[number], (r: Random) => RiskSignals> = {
  // Many cards tried quickly for small amounts, most refused.
  'card-testing': (r) => ({
    ...legitimate(r),
    deviceCards: r.int(3, 25),
    cardAttempts1h: r.chance(0.7) ? r.int(6, 30) : r.int(3, 5),
    ipAttempts1h: r.int(8, 60),
    deviceAttempts1h: r.int(5, 40),
    botUserAgent: r.chance(0.5),
    amountToMedian: r.between(0.02, 0.3),
    failedAuthorisations24h: r.int(3, 25),
    gatewayRisk: r.chance(0.5) ? 'decline' : 'review',
    // Mostly a script posting nonces to the API, without the page.
    deviceData: r.chance(0.3),
  }),
  // A card from elsewhere, a new account, a stay that starts within two days, a large amount.
  'stolen-card': (r) => {
    const binCountry = r.pick(['US', 'GB', 'DE', 'CA']);
    return {
      ...legitimate(r),
      ipCountry: r.pick(ELSEWHERE.filter((c) => c !== binCountry)),
      binCountry,
      inMarket: false,
      accountAgeDays: r.chance(0.7) ? 0 : r.int(1, 30),
      leadTimeHours: r.between(1, 47),
      amountToMedian: r.between(2, 9),
      gatewayRisk: r.chance(0.4) ? 'review' : 'approve',
    };
  },
  // An old account used from a new place: attempts and refusals pile up, booked soon.
  'account-takeover': (r) => ({
    ...legitimate(r),
    ipCountry: r.pick(ELSEWHERE),
    inMarket: false,
    accountAgeDays: r.int(60, 2000),
    userAttempts1h: r.int(4, 12),
    emailAttempts1h: r.int(4, 12),
    failedAuthorisations24h: r.int(1, 5),
    leadTimeHours: r.chance(0.6) ? r.between(2, 47) : r.between(48, 400),
    amountToMedian: r.between(1.5, 6),
  }),
  // One device making many accounts.
  'device-farm': (r) => ({
    ...legitimate(r),
    deviceAccounts: r.int(5, 60),
    deviceAttempts1h: r.int(5, 40),
    accountAgeDays: 0,
    disposableEmail: r.chance(0.6),
    botUserAgent: r.chance(0.4),
  }),
  // A user booking and cancelling over and over, across cards.
  'refund-burst': (r) => ({
    ...legitimate(r),
    userAttempts1h: r.int(6, 20),
    emailAttempts1h: r.int(6, 20),
    deviceCards: r.int(2, 6),
    refunds24h: r.int(3, 15),
    accountAgeDays: r.chance(0.5) ? 0 : r.int(1, 20),
    amountToMedian: r.between(1, 4),
  }),
};

export type LabelledAttempt = { shape: TrafficShape; signals: RiskSignals };

/** `count` attempts: legitimate ones with `attackShare` of them attacks, spread over the shapes. */
export function syntheticTraffic(seed: number, count: number, attackShare = 0.1): LabelledAttempt[] {
  const r = seededRandom(seed);
  return Array.from({ length: count }, () => {
    if (!r.chance(attackShare)) return { shape: 'legitimate' as const, signals: legitimate(r) };
    const shape = r.pick(ATTACK_SHAPES);
    return { shape, signals: attacks[shape](r) };
  });
}

/** Stored decisions of synthetic traffic, as a backtest reads them. */
export function syntheticDecisions(seed: number, count: number, screenWith: (signals: RiskSignals) => FraudAction): StoredDecision[] {
  const r = seededRandom(seed + 1);
  return syntheticTraffic(seed, count).map(({ signals }) => ({ signals, action: screenWith(signals), amountMinor: r.int(2_000, 400_000) }));
}
