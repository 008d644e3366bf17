import { useRevalidator } from '@remix-run/react';
import { useEffect, useId, useRef, useState } from 'react';
import { CardEntry, type CardEntryHandle, cardFailureText } from '~/components/payments/card-entry';
import { useShell, useT } from '~/components/shell-context';
import { topUpAmountMinor } from '~/domain/wallet-topup';
import type { BlockProps } from '../block-list';

type Answer = { status: number; message: string; result?: string };

/**
 * /wallet (product WLT, issue 11): the wallet's balance and a card top-up. One Idempotency-Key
 * per intended top-up: a double click or a retry of the same submit is the same top-up at the
 * server (one charge, one credit); a new key only after a final answer.
 */
export default function WalletTopupBlock({ data }: BlockProps<'wallet.topup'>) {
  const t = useT();
  const { locale } = useShell();
  const amountId = useId();
  const errorId = useId();
  const entry = useRef<CardEntryHandle>(null);
  const revalidator = useRevalidator();
  const [key, setKey] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [amountError, setAmountError] = useState(false);
  const [answer, setAnswer] = useState<{ ok: boolean; message: string } | null>(null);
  // The key is made in the browser only (the server render has no crypto.randomUUID of its own to share).
  useEffect(() => setKey(crypto.randomUUID()), []);
  if (!data) return null;

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !key) return;
    const form = event.currentTarget;
    const amount = String(new FormData(form).get('amount') ?? '').trim();
    const amountMinor = topUpAmountMinor(amount);
    setAmountError(amountMinor === null);
    if (amountMinor === null) return;
    setBusy(true);
    setAnswer(null);
    const card = await entry.current?.tokenize({ amountMinor, threeDSecure: data!.threeDSecure });
    if (!card?.ok) {
      setBusy(false);
      setAnswer({ ok: false, message: card ? cardFailureText(card, t) : t('wallet.cardUnavailable') });
      return;
    }
    let reply: Answer;
    try {
      const response = await fetch('/api/wallet/topup', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify({ amount, nonce: card.nonce }),
      });
      reply = (await response.json()) as Answer;
    } catch {
      // Not known whether it went through: the same key stays, so trying again cannot charge twice.
      setBusy(false);
      setAnswer({ ok: false, message: t('wallet.networkError') });
      return;
    }
    setBusy(false);
    setAnswer({ ok: reply.status === 200, message: reply.message });
    if (reply.status !== 202) setKey(crypto.randomUUID());
    if (reply.status === 200) {
      form.reset();
      revalidator.revalidate();
    }
  }

  return (
    <section className="wallet-page" aria-labelledby="wallet-title">
      <h1 id="wallet-title">{t('wallet.title')}</h1>
      <p className="wallet-balance">
        {t('wallet.balance')} <strong data-testid="wallet-balance">{data.wallet.balanceText}</strong>
      </p>
      <form aria-label={t('wallet.form')} className="payment-card-form" onSubmit={submit} noValidate>
        <div className="form-field">
          <label htmlFor={amountId}>{t('wallet.amount', { currency: data.wallet.currency })}</label>
          <input id={amountId} name="amount" inputMode="decimal" autoComplete="off" required aria-invalid={amountError || undefined} aria-describedby={errorId} />
          <p id={errorId} className={amountError ? 'field-error' : 'muted'}>
            {t('wallet.amountHint', { min: data.limits.minText, max: data.limits.maxText })}
          </p>
        </div>
        {data.cardEntry ? (
          <CardEntry ref={entry} config={data.cardEntry} ui={data.cardUi} language={locale.language} />
        ) : (
          <p className="notice notice-warning">{t('wallet.cardUnavailable')}</p>
        )}
        <p role="status" className={answer ? `notice ${answer.ok ? 'notice-success' : 'notice-warning'}` : undefined}>
          {answer?.message}
        </p>
        <button type="submit" className="button button-primary" disabled={busy || !key || !data.cardEntry}>
          {busy ? t('app.loading') : t('wallet.submit')}
        </button>
      </form>
      {data.topups.length > 0 ? (
        <section aria-labelledby="wallet-topups-title">
          <h2 id="wallet-topups-title">{t('wallet.recent')}</h2>
          <ul className="wallet-topups">
            {data.topups.map((topup) => (
              <li key={topup.id}>
                {topup.amountText} <span className="muted">({t(`wallet.status.${topup.status}`)})</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  );
}
