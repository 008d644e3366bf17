import { type FormEvent, useId, useState } from 'react';
import { useCheckoutPayment } from '~/components/checkout/payment-block';
import { postJson } from '~/components/post-json';
import { useShell, useT } from '~/components/shell-context';
import { formatChargedAmount } from '~/domain/charge';
import { couponFailureText, couponToApply } from '~/domain/coupon-cash';
import { MessageRegions, useTimedMessage } from './timed-message';
import { useHydrated } from '~/components/use-hydrated';

/**
 * The 'coupons' checkout slot (spec §2, §4 "Coupon", §5, §8): the member types a code (or
 * picks one of their coupons) and applies it; an applied coupon shows with Unapply, which
 * releases it. The server's record decides what is applied: after each call the page's loader
 * runs again (the payable total follows).
 */
export function CouponBlock() {
  const flow = useCheckoutPayment();
  const t = useT();
  const { locale } = useShell();
  const titleId = useId();
  const inputId = useId();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();
  const [message, show, clear] = useTimedMessage();
  const storedValue = flow?.payment.storedValue;
  if (!flow || !storedValue || !storedValue.offered.includes('coupon')) return null;
  const { hold, product, revalidator } = flow;
  const applied = storedValue.applied.find((part) => part.kind === 'coupon') ?? null;

  async function apply(event: FormEvent) {
    event.preventDefault();
    clear();
    const typed = couponToApply(code, storedValue?.coupons ?? []);
    if (!typed.ok) return show({ tone: 'failure', text: t(typed.reason === 'none' ? 'storedValue.coupon.none' : 'storedValue.coupon.invalid') });
    setBusy(true);
    const answer = await postJson('/api/general/applyCouponCodeDetails', { json: { coupon_code: typed.code, product_type: product }, hold });
    setBusy(false);
    if (answer.status !== 200) return show({ tone: 'failure', text: couponFailureText(answer.body, t('storedValue.coupon.invalid')) });
    setCode('');
    show({ tone: 'success', text: t('storedValue.coupon.appliedMessage') });
    revalidator.revalidate();
  }

  async function unapply() {
    if (!applied) return;
    clear();
    setBusy(true);
    const answer = await postJson('/api/booking/unlockCouponCodeApi', { coupon_id: applied.couponId ?? '', coupon_trn_id: applied.id, product_type: product, hold });
    setBusy(false);
    // No answer to a release says nothing about the code: the generic failure, not 'enter a valid code'.
    if (answer.status !== 200) return show({ tone: 'failure', text: couponFailureText(answer.body, t('stored.failed')) });
    show({ tone: 'success', text: t('storedValue.coupon.releasedMessage') });
    revalidator.revalidate();
  }

  return (
    <section aria-labelledby={titleId} className="stored-value-block" aria-busy={busy}>
      <h2 id={titleId}>{t('storedValue.coupon.title')}</h2>
      {applied ? (
        <div className="stored-value-applied">
          <p>
            {t('storedValue.coupon.applied', {
              code: applied.code,
              amount: formatChargedAmount({ amountMinor: applied.amountMinor, currency: applied.currency }, locale.language),
            })}
          </p>
          <button type="button" className="button button-ghost" onClick={unapply} disabled={busy || !hydrated}>
            {t('storedValue.coupon.unapply')}
          </button>
        </div>
      ) : (
        <>
          <form className="stored-value-form" onSubmit={apply} noValidate>
            <div className="form-field">
              <label htmlFor={inputId}>{t('storedValue.coupon.code')}</label>
              <input id={inputId} name="coupon_code" value={code} onChange={(event) => setCode(event.target.value)} autoComplete="off" autoCapitalize="characters" maxLength={64} />
            </div>
            <button type="submit" className="button button-primary" disabled={busy || !hydrated}>
              {busy ? t('storedValue.working') : t('storedValue.coupon.apply')}
            </button>
          </form>
          {storedValue.coupons.length > 0 ? (
            <ul className="stored-value-coupons" aria-label={t('storedValue.coupon.yours')}>
              {storedValue.coupons.map((coupon) => (
                <li key={coupon.id}>
                  <button type="button" className="button button-ghost" onClick={() => setCode(coupon.code)} disabled={busy}>
                    {t('storedValue.coupon.use', { code: coupon.code })}
                  </button>{' '}
                  <span>{coupon.title}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">{t('storedValue.coupon.none')}</p>
          )}
        </>
      )}
      <MessageRegions message={message} />
    </section>
  );
}
