/**
 * Fraud screening's own cost (issue 37, acceptance 5 and 6): the backtest of 100,000 stored
 * decisions against a draft, as a ratio to its 10 s goal, and one screening's p50/p99 (score,
 * then the rules), as a ratio to the 10 ms a booking submit may spend on its risk step.
 *
 *   npm run bench:fraud [decisions=100000] [rounds=3]
 *
 * Decisions come from the seeded synthetic traffic the tests use, screened once with the
 * shipped rules to be "stored"; the draft drops one rule and adds another, as an admin would.
 * Prints figures, never fails on them: a benchmark is not a test. The database reads that give a
 * real screening its signals are measured by `bench:booking`, not here.
 */
import { performance } from 'node:perf_hooks';
import { DEFAULT_FRAUD_RULES, type FraudRule, backtest, orderRules, screen } from '~/domain/fraud-risk';
import { syntheticDecisions } from '../test/support/fraud-traffic';

const count = Number(process.argv[2] ?? 100_000);
const rounds = Number(process.argv[3] ?? 3);
const stored = orderRules(DEFAULT_FRAUD_RULES);
const decisions = syntheticDecisions(11, count, (signals) => screen(signals, stored).action);
const draft: FraudRule[] = [
  ...DEFAULT_FRAUD_RULES.filter((rule) => rule.id !== 'block-very-high-score'),
  { id: 'review-outside-market', action: 'review', mode: 'enforce', when: [{ signal: 'inMarket', op: 'eq', value: false }] },
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const backtestMs: number[] = [];
for (let round = 0; round < rounds; round += 1) {
  const started = performance.now();
  backtest(decisions, draft);
  backtestMs.push(performance.now() - started);
}

const ordered = orderRules(draft);
const single: number[] = [];
for (const decision of decisions.slice(0, 20_000)) {
  const started = performance.now();
  screen(decision.signals, ordered);
  single.push(performance.now() - started);
}
single.sort((a, b) => a - b);
const p = (q: number) => single[Math.min(single.length - 1, Math.floor(q * single.length))]!;

console.log(`backtest of ${count} decisions: median ${median(backtestMs).toFixed(0)} ms over ${rounds} rounds = ${(median(backtestMs) / 10_000).toFixed(4)} of the 10 s goal`);
console.log(`one screening: p50 ${(p(0.5) * 1000).toFixed(1)} µs, p99 ${(p(0.99) * 1000).toFixed(1)} µs = ${(p(0.99) / 10).toFixed(5)} of the 10 ms risk-step goal`);
