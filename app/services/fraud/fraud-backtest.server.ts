// The backtest an admin runs before publishing new fraud rules (issue 37): the organisation's
// stored decisions of the last N days replayed against the draft's rules (the pure replay of
// app/domain/fraud-risk.ts), reporting what would be blocked, reviewed or challenged, with amounts.
import {
  ACTION_ORDER,
  type BacktestReport,
  DEFAULT_FRAUD_RULES,
  FRAUD_DECISION_RETENTION_DAYS,
  type FraudAction,
  type FraudRule,
  type RiskSignals,
  type StoredDecision,
  backtest,
} from '~/domain/fraud-risk';
import { bundleOf, headOf, problemsOf, versionOf } from '../config/config-store.server';
import type { Database } from '../platform/db.server';

/** The most decisions one backtest replays (newest first): 100 000 replay in well under a second. */
const BACKTEST_MAX_DECISIONS = 100_000;

/** A backtest's figures: counts per action, and amounts per action in each currency charged (sign-ins and holds have none). */
export type BacktestFigures = {
  decisions: number;
  byAction: Record<FraudAction, { count: number; amounts: Record<string, number> }>;
  changed: BacktestReport['changed'];
};

export type DraftBacktest =
  | { kind: 'report'; days: number; draftId: number; figures: BacktestFigures; truncated: boolean }
  /** The draft's fraud rules have problems (shown on their fields in the editor): fix them first. */
  | { kind: 'invalid-rules'; problems: number }
  | { kind: 'unknown-org' };

/** Replays the last `days` (1–90) of `orgId`'s decisions against its current draft's fraud rules. */
export async function backtestDraft(db: Database, orgId: string, days: number): Promise<DraftBacktest> {
  if (!Number.isInteger(days) || days < 1 || days > FRAUD_DECISION_RETENTION_DAYS) throw new RangeError(`days: 1 to ${FRAUD_DECISION_RETENTION_DAYS}`);
  const head = await headOf(db, orgId);
  const draft = head && (await versionOf(db, orgId, head.draftId));
  if (!head || !draft) return { kind: 'unknown-org' };
  const bundle = bundleOf(draft);
  const problems = (await problemsOf(db, orgId, bundle)).filter((problem) => problem.path === 'fraud' || problem.path.startsWith('fraud.'));
  if (problems.length > 0) return { kind: 'invalid-rules', problems: problems.length };
  // Checked above: a draft without problems under `fraud` holds rules of the schema's shape, or none.
  const rules = (bundle.org as { fraud?: { rules: FraudRule[] } }).fraud?.rules ?? DEFAULT_FRAUD_RULES;
  const rows = await db
    .selectFrom('fraud_decisions')
    .select(['signals', 'action', 'amount_minor', 'currency'])
    .where('org_id', '=', orgId)
    .where('created_at', '>', new Date(Date.now() - days * 86_400_000))
    .orderBy('created_at', 'desc')
    .limit(BACKTEST_MAX_DECISIONS + 1)
    .execute();
  const truncated = rows.length > BACKTEST_MAX_DECISIONS;
  // Amounts add up only within a currency: one replay per currency, counts merged.
  const byCurrency = new Map<string, StoredDecision[]>();
  for (const row of rows.slice(0, BACKTEST_MAX_DECISIONS)) {
    const group = byCurrency.get(row.currency ?? '') ?? [];
    group.push({ signals: row.signals as RiskSignals, action: row.action as FraudAction, amountMinor: row.amount_minor ?? 0 });
    byCurrency.set(row.currency ?? '', group);
  }
  const figures: BacktestFigures = {
    decisions: 0,
    byAction: Object.fromEntries(ACTION_ORDER.map((action) => [action, { count: 0, amounts: {} }])) as BacktestFigures['byAction'],
    changed: {},
  };
  for (const [currency, decisions] of byCurrency) {
    const report = backtest(decisions, rules);
    figures.decisions += report.decisions;
    for (const action of ACTION_ORDER) {
      const { count, amountMinor } = report.byAction[action];
      figures.byAction[action].count += count;
      if (currency && amountMinor > 0) figures.byAction[action].amounts[currency] = amountMinor;
    }
    for (const [change, count] of Object.entries(report.changed)) figures.changed[change] = (figures.changed[change] ?? 0) + count;
  }
  return { kind: 'report', days, draftId: head.draftId, figures, truncated };
}
