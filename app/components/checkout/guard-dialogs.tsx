import { useLocation } from '@remix-run/react';
import { Dialog } from '~/components/dialog';
import { useShell, useT } from '~/components/shell-context';
import { changeDatesPath } from '~/domain/checkin';
import { dateTimeFormat } from '~/domain/intl-format';

/**
 * Min-check-in modal (spec §2): the travel date is too soon for this visitor. Change Dates
 * returns to the first path segment of the current URL; it is the only way on.
 */
export function MinCheckinDialog({ earliest }: { earliest: string }) {
  const t = useT();
  const { locale } = useShell();
  const { pathname } = useLocation();
  const target = changeDatesPath(pathname);
  const date = dateTimeFormat(locale.language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${earliest}T00:00:00Z`));
  return (
    <Dialog
      open
      title={t('guard.tooSoon.title')}
      description={t('guard.tooSoon.earliest', { date })}
      onClose={() => window.location.assign(target)}
      dismissible={false}
      hideCloseButton
      className="guard-dialog"
    >
      <div className="dialog-actions">
        <a href={target} className="button button-primary">
          {t('guard.changeDates')}
        </a>
      </div>
    </Dialog>
  );
}

/** A checkout that stopped before holding because the travel date is too soon. */
export function TooSoonCheckout({ earliest }: { earliest: string }) {
  const t = useT();
  return (
    <section className="checkout-page" aria-labelledby="checkout-title">
      <h1 id="checkout-title">{t('checkout.title')}</h1>
      <MinCheckinDialog earliest={earliest} />
    </section>
  );
}

/** Duplicate-booking modal (spec §2): the same guest already has this booking on these dates. */
export function DuplicateBookingDialog({ open, onChangeName, changeNameHref }: { open: boolean; onChangeName: () => void; changeNameHref: string }) {
  const t = useT();
  return (
    <Dialog open={open} title={t('guard.duplicate.title')} description={t('guard.duplicate.body')} onClose={onChangeName} closeHref={changeNameHref} className="guard-dialog">
      <div className="dialog-actions">
        <a
          href={changeNameHref}
          className="button button-primary"
          onClick={(event) => {
            event.preventDefault();
            onChangeName();
          }}
        >
          {t('guard.changeName')}
        </a>
      </div>
    </Dialog>
  );
}
