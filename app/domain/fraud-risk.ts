/**
 * Fraud screening as pure rules (issue 37): a transparent risk score 0–100 from weighted
 * signals, each point explained, and an organisation's rules over the signals and the score,
 * evaluated 3-D Secure → allow → block → review, the first enforced match winning. A decision
 * stores its signals, score, rule hits and rules version, so replaying it with the same rules
 * gives the same answer and a backtest can replay many against a draft.
 */

/** What is known about one attempt (sign-in, hold or payment) when it is screened. */
export type RiskSignals = {
  /** Accounts seen on this device in the retention window (90 days). */
  deviceAccounts: number;
  /** Cards tried from this device in the same window. */
  deviceCards: number;
  /** Attempts in the last hour per card, e-mail, address, device and user, counted across instances. */
  cardAttempts1h: number;
  emailAttempts1h: number;
  ipAttempts1h: number;
  deviceAttempts1h: number;
  userAttempts1h: number;
  /** Country of the visitor's address (offline look-up) and of the card's issuer (BIN), when known. */
  ipCountry: string | null;
  binCountry: string | null;
  /** Whether the address's country is one the organisation sells to; null when unknown. */
  inMarket: boolean | null;
  /** Days since the account was made; null for a guest. */
  accountAgeDays: number | null;
  disposableEmail: boolean;
  botUserAgent: boolean;
  /** Hours from now to the check-in; null where the product has none. */
  leadTimeHours: number | null;
  /** The amount over the organisation's median amount; null before it has one. */
  amountToMedian: number | null;
  /** Authorisations refused for this user, card or device in the last 24 hours. */
  failedAuthorisations24h: number;
  /** Bookings of this user or card cancelled or refunded in the last 24 hours. */
  refunds24h: number;
  /** The gateway's own risk decision (Braintree's), when it gave one. */
  gatewayRisk: 'approve' | 'review' | 'decline' | null;
  /**
   * Whether a new card's payment came with the page's device data (Braintree's data collector, or
   * the sandbox card frame's): a script paying straight through the API has none. Null where no
   * new card is paid (sign-in, hold, a saved card) and in decisions stored before it was collected.
   */
  deviceData?: boolean | null;
};

export type SignalName = keyof RiskSignals;

/** One reason a score has the points it has. */
export type Contribution = { signal: SignalName | 'ipCardCountries'; points: number; why: string };

type Weight = { signal: Contribution['signal']; points: (s: RiskSignals) => number; why: (s: RiskSignals) => string };

const tiered = (value: number, tiers: readonly (readonly [number, number])[]) => tiers.reduce((points, [atLeast, worth]) => (value >= atLeast ? worth : points), 0);

/**
 * The weights, in points out of 100. Each names what it saw, so a reviewer reads the score as a
 * sum of reasons; the total is capped at 100.
 */
const WEIGHTS: readonly Weight[] = [
  {
    signal: 'deviceAccounts',
    points: (s) =>
      tiered(s.deviceAccounts, [
        [3, 15],
        [5, 30],
      ]),
    why: (s) => `device used by ${s.deviceAccounts} accounts`,
  },
  {
    signal: 'deviceCards',
    points: (s) =>
      tiered(s.deviceCards, [
        [3, 15],
        [6, 30],
      ]),
    why: (s) => `${s.deviceCards} cards tried on this device`,
  },
  {
    signal: 'cardAttempts1h',
    points: (s) =>
      tiered(s.cardAttempts1h, [
        [3, 15],
        [6, 35],
      ]),
    why: (s) => `${s.cardAttempts1h} attempts with this card in an hour`,
  },
  { signal: 'emailAttempts1h', points: (s) => tiered(s.emailAttempts1h, [[5, 10]]), why: (s) => `${s.emailAttempts1h} attempts with this e-mail in an hour` },
  {
    signal: 'ipAttempts1h',
    points: (s) =>
      tiered(s.ipAttempts1h, [
        [10, 10],
        [30, 20],
      ]),
    why: (s) => `${s.ipAttempts1h} attempts from this address in an hour`,
  },
  { signal: 'deviceAttempts1h', points: (s) => tiered(s.deviceAttempts1h, [[5, 10]]), why: (s) => `${s.deviceAttempts1h} attempts from this device in an hour` },
  { signal: 'userAttempts1h', points: (s) => tiered(s.userAttempts1h, [[5, 10]]), why: (s) => `${s.userAttempts1h} attempts by this user in an hour` },
  {
    signal: 'ipCardCountries',
    points: (s) => (s.ipCountry && s.binCountry && s.ipCountry !== s.binCountry ? 20 : 0),
    why: (s) => `address in ${s.ipCountry}, card issued in ${s.binCountry}`,
  },
  { signal: 'inMarket', points: (s) => (s.inMarket === false ? 10 : 0), why: (s) => `address in ${s.ipCountry ?? 'a country'} outside the organisation's market` },
  { signal: 'accountAgeDays', points: (s) => (s.accountAgeDays !== null && s.accountAgeDays < 1 ? 10 : 0), why: () => 'account made today' },
  { signal: 'disposableEmail', points: (s) => (s.disposableEmail ? 15 : 0), why: () => 'disposable e-mail domain' },
  { signal: 'botUserAgent', points: (s) => (s.botUserAgent ? 25 : 0), why: () => 'automated browser' },
  {
    signal: 'leadTimeHours',
    points: (s) => (s.leadTimeHours !== null && s.leadTimeHours < 48 ? 10 : 0),
    why: (s) => `check-in in ${Math.max(0, Math.round(s.leadTimeHours ?? 0))} hours`,
  },
  {
    signal: 'amountToMedian',
    points: (s) =>
      s.amountToMedian !== null
        ? tiered(s.amountToMedian, [
            [3, 10],
            [6, 20],
          ])
        : 0,
    why: (s) => `${(s.amountToMedian ?? 0).toFixed(1)}× the organisation's median amount`,
  },
  {
    signal: 'failedAuthorisations24h',
    points: (s) =>
      tiered(s.failedAuthorisations24h, [
        [2, 15],
        [5, 30],
      ]),
    why: (s) => `${s.failedAuthorisations24h} refused authorisations in a day`,
  },
  {
    signal: 'refunds24h',
    points: (s) =>
      tiered(s.refunds24h, [
        [3, 25],
        [6, 40],
      ]),
    why: (s) => `${s.refunds24h} bookings cancelled or refunded in a day`,
  },
  {
    signal: 'gatewayRisk',
    points: (s) => (s.gatewayRisk === 'decline' ? 40 : s.gatewayRisk === 'review' ? 20 : 0),
    why: (s) => `the gateway's risk decision: ${s.gatewayRisk}`,
  },
  { signal: 'deviceData', points: (s) => (s.deviceData === false ? 10 : 0), why: () => "card paid without the page's device data" },
];

/** The score 0–100 and every reason that added to it, largest first. */
export function riskScore(signals: RiskSignals): { score: number; contributions: Contribution[] } {
  const contributions: Contribution[] = [];
  for (const weight of WEIGHTS) {
    const points = weight.points(signals);
    if (points > 0) contributions.push({ signal: weight.signal, points, why: weight.why(signals) });
  }
  contributions.sort((a, b) => b.points - a.points);
  return {
    score: Math.min(
      100,
      contributions.reduce((sum, c) => sum + c.points, 0),
    ),
    contributions,
  };
}

export type FraudAction = 'allow' | 'require_3ds' | 'review' | 'block';
export type RuleMode = 'enforce' | 'shadow' | 'off';
/** The order rules are evaluated in, whatever order an organisation lists them in. */
export const ACTION_ORDER: readonly FraudAction[] = ['require_3ds', 'allow', 'block', 'review'];

/** How long a fraud decision is kept (and so how far back a backtest can look). */
export const FRAUD_DECISION_RETENTION_DAYS = 90;

/** What a rule's condition may test: each signal, the score, and whether the address's and the card's countries differ. */
export const RULE_INPUTS = [
  'deviceAccounts',
  'deviceCards',
  'cardAttempts1h',
  'emailAttempts1h',
  'ipAttempts1h',
  'deviceAttempts1h',
  'userAttempts1h',
  'ipCountry',
  'binCountry',
  'inMarket',
  'accountAgeDays',
  'disposableEmail',
  'botUserAgent',
  'leadTimeHours',
  'amountToMedian',
  'failedAuthorisations24h',
  'refunds24h',
  'gatewayRisk',
  'deviceData',
  'score',
  'ipCardCountriesDiffer',
] as const satisfies readonly (SignalName | 'score' | 'ipCardCountriesDiffer')[];
export const RULE_ACTIONS = ['allow', 'require_3ds', 'review', 'block'] as const satisfies readonly FraudAction[];
export const RULE_MODES = ['enforce', 'shadow', 'off'] as const satisfies readonly RuleMode[];
export const CONDITION_OPS = ['gte', 'lte', 'eq', 'neq'] as const;

export type ConditionOp = (typeof CONDITION_OPS)[number];
/** A test of one signal, or of the score; a rule's conditions must all hold. */
export type RuleCondition = { signal: SignalName | 'score' | 'ipCardCountriesDiffer'; op: ConditionOp; value: number | string | boolean | null };
export type FraudRule = { id: string; action: FraudAction; mode: RuleMode; when: RuleCondition[] };
export type RuleHit = { rule: string; action: FraudAction; mode: 'enforce' | 'shadow' };

export type Screening = { score: number; contributions: Contribution[]; hits: RuleHit[]; action: FraudAction };

type Inputs = RiskSignals & { score: number; ipCardCountriesDiffer: boolean };

function holds(condition: RuleCondition, inputs: Inputs): boolean {
  const actual = inputs[condition.signal];
  const { op, value } = condition;
  if (op === 'eq') return actual === value;
  if (op === 'neq') return actual !== value;
  // Ordering compares numbers only: an unknown (null) signal never passes a threshold.
  if (typeof actual !== 'number' || typeof value !== 'number') return false;
  return op === 'gte' ? actual >= value : actual <= value;
}

/** The rules in evaluation order, `off` ones dropped: compiled once per rules version. */
export function orderRules(rules: readonly FraudRule[]): FraudRule[] {
  return ACTION_ORDER.flatMap((action) => rules.filter((rule) => rule.action === action && rule.mode !== 'off'));
}

/** Screens one attempt: every matching rule is a hit, the first enforced one decides; no hit allows. */
export function screen(signals: RiskSignals, ordered: readonly FraudRule[]): Screening {
  const { score, contributions } = riskScore(signals);
  const inputs: Inputs = { ...signals, score, ipCardCountriesDiffer: signals.ipCountry !== null && signals.binCountry !== null && signals.ipCountry !== signals.binCountry };
  const hits: RuleHit[] = [];
  let action: FraudAction | undefined;
  for (const rule of ordered) {
    if (!rule.when.every((condition) => holds(condition, inputs))) continue;
    hits.push({ rule: rule.id, action: rule.action, mode: rule.mode === 'shadow' ? 'shadow' : 'enforce' });
    if (rule.mode === 'enforce' && action === undefined) action = rule.action;
  }
  return { score, contributions, hits, action: action ?? 'allow' };
}

/** A stored decision, as a backtest replays it. */
export type StoredDecision = { signals: RiskSignals; action: FraudAction; amountMinor: number };

export type BacktestReport = {
  decisions: number;
  /** What the draft rules would do with them: how many and how much, per action. */
  byAction: Record<FraudAction, { count: number; amountMinor: number }>;
  /** Decisions whose action would change, by what it was and what it would be (`block→allow`). */
  changed: Record<string, number>;
};

/** Replays stored decisions against draft rules (the organisation's backtest before publishing). */
export function backtest(decisions: readonly StoredDecision[], rules: readonly FraudRule[]): BacktestReport {
  const ordered = orderRules(rules);
  const byAction = Object.fromEntries(ACTION_ORDER.map((action) => [action, { count: 0, amountMinor: 0 }])) as BacktestReport['byAction'];
  const changed: Record<string, number> = {};
  for (const decision of decisions) {
    const { action } = screen(decision.signals, ordered);
    byAction[action].count += 1;
    byAction[action].amountMinor += decision.amountMinor;
    if (action !== decision.action) changed[`${decision.action}→${action}`] = (changed[`${decision.action}→${action}`] ?? 0) + 1;
  }
  return { decisions: decisions.length, byAction, changed };
}

/**
 * The rules an organisation starts with (its config may replace them): block what only attacks
 * look like, challenge a card used far from its country at short notice, review the rest that
 * scores high.
 */
export const DEFAULT_FRAUD_RULES: readonly FraudRule[] = [
  {
    id: 'challenge-foreign-card-short-notice',
    action: 'require_3ds',
    mode: 'enforce',
    when: [
      { signal: 'ipCardCountriesDiffer', op: 'eq', value: true },
      { signal: 'leadTimeHours', op: 'lte', value: 48 },
    ],
  },
  { id: 'block-card-testing', action: 'block', mode: 'enforce', when: [{ signal: 'cardAttempts1h', op: 'gte', value: 6 }] },
  { id: 'block-device-farm', action: 'block', mode: 'enforce', when: [{ signal: 'deviceAccounts', op: 'gte', value: 5 }] },
  { id: 'block-very-high-score', action: 'block', mode: 'enforce', when: [{ signal: 'score', op: 'gte', value: 80 }] },
  { id: 'review-refund-burst', action: 'review', mode: 'enforce', when: [{ signal: 'refunds24h', op: 'gte', value: 3 }] },
  { id: 'review-high-score', action: 'review', mode: 'enforce', when: [{ signal: 'score', op: 'gte', value: 50 }] },
];

/** The rules an organisation screens with: its own (its config's `fraud.rules`), else the shipped defaults. */
export function fraudRulesOf(org: { fraud?: { rules: readonly FraudRule[] } }): readonly FraudRule[] {
  return org.fraud?.rules ?? DEFAULT_FRAUD_RULES;
}
