import { type FormEvent, useId, useState } from 'react';
import { useCheckoutPayment } from '~/components/checkout/payment-block';
import { postJson } from '~/components/post-json';
import { useShell, useT } from '~/components/shell-context';
import { formatChargedAmount } from '~/domain/charge';
import { cashAmountToSend, cashCardReleased, cashRefusalReason, cleanAmountInput } from '~/domain/coupon-cash';
import { MessageRegions, useTimedMessage } from './timed-message';
import { useHydrated } from '~/components/use-hydrated';

/**
 * The 'cashCards' checkout slot (spec §2, §4 "Cash card", §5, §8): the member chooses one of
 * their cash cards (its balance shown), types an amount (empty: the whole balance, up to what
 * is left to pay) and applies it; an applied card toggles to Unapply, which releases it. After
 * each call the page's loader runs again: the balances and the payable total are the server's.
 */
export function CashCardBlock() {
  const flow = useCheckoutPayment();
  const t = useT();
  const { locale } = useShell();
  const titleId = useId();
  const cardId = useId();
  const amountId = useId();
  const hintId = useId();
  const [chosen, setChosen] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();
  const [message, show, clear] = useTimedMessage();
  const storedValue = flow?.payment.storedValue;
  if (!flow || !storedValue || !storedValue.offered.includes('cash_card')) return null;
  const cards = storedValue.instruments.filter((instrument) => instrument.kind === 'cash_card');
  if (cards.length === 0) return null;
  const { hold, product, revalidator } = flow;
  const card = cards.find((c) => c.id === chosen) ?? cards[0]!;
  const applied = storedValue.applied.find((part) => part.kind === 'cash_card' && part.instrumentId === card.id) ?? null;
  const money = (amountMinor: number, currency: string) => formatChargedAmount({ amountMinor, currency }, locale.language);

  async function toggle(event: FormEvent) {
    event.preventDefault();
    clear();
    if (applied) {
      setBusy(true);
      const answer = await postJson('/api/booking/removeCashcard', { json: { id: hold, product_type: product, type: 'cashcard', cash_card_id: card.id }, hold });
      setBusy(false);
      if (!cashCardReleased(answer.body)) return show({ tone: 'failure', text: t('storedValue.cash.releaseFailed') });
      show({ tone: 'success', text: t('storedValue.cash.releasedMessage') });
      return revalidator.revalidate();
    }
    const typed = cashAmountToSend(amount);
    if (!typed.ok) return show({ tone: 'failure', text: t('storedValue.cash.enterAmount') });
    setBusy(true);
    const answer = await postJson('/api/booking/applyCashcard', {
      cash_card_id: card.id,
      cashcard_amount: typed.amount,
      currency: storedValue?.currency,
      product_type: product,
      hold,
    });
    setBusy(false);
    if (answer.status !== 200) {
      const reason = cashRefusalReason(answer.body);
      return show({ tone: 'failure', text: t(reason ? `storedValue.cash.reason.${reason}` : 'storedValue.cash.failed') });
    }
    setAmount('');
    show({ tone: 'success', text: t('storedValue.cash.appliedMessage') });
    revalidator.revalidate();
  }

  return (
    <section aria-labelledby={titleId} className="stored-value-block" aria-busy={busy}>
      <h2 id={titleId}>{t('storedValue.cash.title')}</h2>
      <form className="stored-value-form" onSubmit={toggle} noValidate>
        <div className="form-field">
          <label htmlFor={cardId}>{t('storedValue.cash.card')}</label>
          <select id={cardId} name="cash_card_id" value={card.id} onChange={(event) => setChosen(event.target.value)} disabled={busy}>
            {cards.map((c) => (
              <option key={c.id} value={c.id} disabled={!c.active}>
                {t('storedValue.cash.option', { title: c.title, code: c.code, balance: money(c.balance, c.currency) })}
              </option>
            ))}
          </select>
        </div>
        {applied ? (
          <p className="stored-value-applied">{t('storedValue.cash.applied', { amount: money(applied.amountMinor, applied.currency) })}</p>
        ) : (
          <div className="form-field">
            <label htmlFor={amountId}>{t('storedValue.cash.amount')}</label>
            <input
              id={amountId}
              name="cashcard_amount"
              inputMode="decimal"
              autoComplete="off"
              aria-describedby={hintId}
              value={amount}
              onChange={(event) => setAmount(cleanAmountInput(event.target.value))}
            />
            <p id={hintId} className="muted">
              {t('storedValue.cash.amountHint')}
            </p>
          </div>
        )}
        <button type="submit" className="button button-primary" disabled={busy || !hydrated}>
          {busy ? t('storedValue.working') : applied ? t('storedValue.cash.unapply') : t('storedValue.cash.apply')}
        </button>
      </form>
      <MessageRegions message={message} />
    </section>
  );
}
