/**
 * Invoice is credit (docs/decisions/0019): an organisation grants a user or a company a credit
 * line with a limit in minor units of one currency. A booking may be invoiced only while the
 * line's used credit (its pending and confirmed invoice bookings) plus this booking's amount stays
 * within the limit. Pure.
 */
import { toMinorUnits } from './booking-payment';

export type CreditLine = { limitMinor: number; currency: string; usedMinor: number };

/** Whether `line` covers invoicing `amount` now: same currency, and within the limit. */
export function invoiceCreditCovers(line: CreditLine | null, amount: { amountMinor: number; currency: string }): boolean {
  if (!line || line.currency !== amount.currency) return false;
  if (!Number.isSafeInteger(amount.amountMinor) || amount.amountMinor <= 0) return false;
  return line.usedMinor + amount.amountMinor <= line.limitMinor;
}

export const CREDIT_EXCEEDED_MESSAGE = 'This booking is over your invoice credit: pay it another way, or ask your organisation to raise the limit';

/** The largest limit a credit line takes (the column is an integer of minor units). */
export const MAX_LIMIT_MINOR = 2_000_000_000;

export type CreditGrant = { payer: { email: string } | { company: string }; limitMinor: number; currency: string };

const EMAIL = /^[^@\s]{1,64}@[^@\s]{1,190}$/;

/**
 * The body of POST /api/admin/invoiceCredit: `{email}` or `{company}` (one of them), `limit` in
 * major units (a number or a decimal string, at most 2 decimals; 0 withdraws the credit) and
 * `currency` (3 capital letters). Anything else is refused with a message naming the field.
 */
export function parseCreditGrant(body: unknown): { ok: true; grant: CreditGrant } | { ok: false; message: string } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { ok: false, message: 'The body must be a JSON object' };
  const fields = body as Record<string, unknown>;
  const unknown = Object.keys(fields).find((key) => !['email', 'company', 'limit', 'currency'].includes(key));
  if (unknown) return { ok: false, message: `${unknown}: not a field of this request` };
  const hasEmail = fields.email !== undefined;
  const hasCompany = fields.company !== undefined;
  if (hasEmail === hasCompany) return { ok: false, message: 'email or company: name exactly one payer' };
  let payer: CreditGrant['payer'];
  if (hasEmail) {
    if (typeof fields.email !== 'string' || !EMAIL.test(fields.email.trim())) return { ok: false, message: 'email: the email of a user of this organisation' };
    payer = { email: fields.email.trim() };
  } else {
    const company = typeof fields.company === 'string' ? fields.company.trim() : '';
    if (company.length < 1 || company.length > 120) return { ok: false, message: 'company: a company name, 1 to 120 characters' };
    payer = { company };
  }
  const limitMinor = toMinorUnits(fields.limit);
  if (limitMinor === null || limitMinor > MAX_LIMIT_MINOR) return { ok: false, message: 'limit: an amount of 0 or more, with at most 2 decimals' };
  if (typeof fields.currency !== 'string' || !/^[A-Z]{3}$/.test(fields.currency)) return { ok: false, message: 'currency: a 3-letter code such as USD' };
  return { ok: true, grant: { payer, limitMinor, currency: fields.currency } };
}

/** The organisation's grant rules (its config's `payments.invoiceCredit`): the most a line may hold, by currency, in major units. */
export type CreditCeilings = Readonly<Record<string, string>>;

/** Why an administrator's grant breaks the organisation's rules, or null (decision 0052). */
export type GrantRefusal = { status: 403 | 409; reason: 'no_credit' | 'currency' | 'ceiling' | 'self'; message: string };

/**
 * Whether `admin` may grant `grant` under `ceilings`: only in a currency the organisation grants
 * in, never above its ceiling there, and never to themselves (their own address or their company).
 */
export function grantRefusal(grant: CreditGrant, ceilings: CreditCeilings | undefined, admin: { email: string; company: string | null }): GrantRefusal | null {
  const own = 'email' in grant.payer ? grant.payer.email.toLowerCase() === admin.email.toLowerCase() : admin.company !== null && grant.payer.company === admin.company;
  if (own) return { status: 403, reason: 'self', message: 'An administrator cannot grant invoice credit to themselves or to their own company' };
  if (!ceilings) return { status: 409, reason: 'no_credit', message: 'This organisation grants no invoice credit' };
  const ceiling = ceilings[grant.currency];
  if (ceiling === undefined) return { status: 409, reason: 'currency', message: `currency: this organisation grants credit in ${Object.keys(ceilings).join(', ')} only` };
  const ceilingMinor = toMinorUnits(ceiling) ?? 0;
  if (grant.limitMinor > ceilingMinor) return { status: 409, reason: 'ceiling', message: `limit: at most ${ceiling} ${grant.currency} a line` };
  return null;
}
