// The card provider's process log (spec §7 "Card service": init, update payment, handle pay
// click, save card, submit card and retrieving the payment intent are each logged; §9 "Log
// buffer 100 entries"). Pure: a bounded ring of entries that name a step, when and how it went,
// never what was typed (docs/decisions/0022).

/** Spec §9: the log keeps the last 100 entries. */
export const PROCESS_LOG_LIMIT = 100;

/** The card provider steps of spec §7, in the order a payment usually takes them. */
export const CARD_PROCESS_STEPS = ['init', 'update_payment', 'pay_click', 'save_card', 'submit_card', 'retrieve_payment_intent'] as const;
export type CardProcessStep = (typeof CARD_PROCESS_STEPS)[number];

/**
 * One step: its name, when (ISO instant), its outcome and optionally a short code saying more
 * (a failure's reason such as 'invalid' or 'requires_payment_method'; 'challenge_required').
 * Nothing else: no card data can be written here.
 */
export type ProcessLogEntry = { step: CardProcessStep; at: string; outcome: 'ok' | 'failed'; reason?: string };

/** A reason is a code, never free text (which could carry what the cardholder typed). */
const REASON = /^[a-z][a-z0-9_]{0,39}$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isProcessLogEntry(value: unknown): value is ProcessLogEntry {
  if (!isRecord(value)) return false;
  const { step, at, outcome, reason } = value;
  return (
    (CARD_PROCESS_STEPS as readonly unknown[]).includes(step) &&
    typeof at === 'string' &&
    !Number.isNaN(Date.parse(at)) &&
    (outcome === 'ok' || outcome === 'failed') &&
    (reason === undefined || (typeof reason === 'string' && REASON.test(reason)))
  );
}

/** The last `limit` entries, oldest first: the entry after a full log drops the oldest. */
export class ProcessLog {
  private items: ProcessLogEntry[];

  constructor(
    private readonly limit: number = PROCESS_LOG_LIMIT,
    initial: readonly unknown[] = [],
  ) {
    if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError(`limit must be a positive integer, got ${limit}`);
    // Entries read back from storage are checked: anything malformed is dropped, not trusted.
    this.items = initial.filter(isProcessLogEntry).slice(-limit);
  }

  append(entry: { step: CardProcessStep; outcome: 'ok' | 'failed'; reason?: string }, now: Date = new Date()): ProcessLogEntry {
    const written: ProcessLogEntry = {
      step: entry.step,
      at: now.toISOString(),
      outcome: entry.outcome,
      ...(entry.reason !== undefined ? { reason: REASON.test(entry.reason) ? entry.reason : 'other' } : {}),
    };
    this.items.push(written);
    if (this.items.length > this.limit) this.items.splice(0, this.items.length - this.limit);
    return written;
  }

  /** A copy, oldest first. */
  entries(): ProcessLogEntry[] {
    return this.items.map((entry) => ({ ...entry }));
  }
}
