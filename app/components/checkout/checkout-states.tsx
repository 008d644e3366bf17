import { Form, Link } from '@remix-run/react';
import { useOrgTime } from '~/components/dates';
import { useT } from '~/components/shell-context';

/** A checkout that could not hold the choice: it sold out meanwhile (answered 409). */
export function SoldOutCheckout({ message, back, backLabel }: { message: string; back: string; backLabel: string }) {
  const t = useT();
  return (
    <section className="checkout-page" aria-labelledby="checkout-title">
      <h1 id="checkout-title">{t('checkout.title')}</h1>
      <p role="alert">{message}</p>
      <Link to={back}>{backLabel}</Link>
    </section>
  );
}

/**
 * Until when the choice is held, with a way to let it go now (a plain form: it works before the
 * script runs, for guests and members alike), or that the hold lapsed with a way to search again.
 */
export function HoldNotice({
  hold,
  heldUntil,
  expired,
  searchAgain,
}: {
  hold: { live: boolean; expiresAt: string; token: string };
  heldUntil: (time: string) => string;
  expired: string;
  searchAgain: string;
}) {
  const t = useT();
  const orgTime = useOrgTime();
  if (!hold.live) {
    return (
      <p role="alert" className="hold-notice hold-expired">
        {expired} <Link to={searchAgain}>{t('checkout.searchAgain')}</Link>
      </p>
    );
  }
  const time = orgTime(hold.expiresAt);
  return (
    <div className="hold-notice-row">
      <p role="status" className="hold-notice">
        {heldUntil(time)}
      </p>
      <Form method="post" className="hold-release">
        <input type="hidden" name="intent" value="release" />
        <input type="hidden" name="hold" value={hold.token} />
        <button type="submit" className="button-link">
          {t('checkout.releaseHold')}
        </button>
      </Form>
    </div>
  );
}
