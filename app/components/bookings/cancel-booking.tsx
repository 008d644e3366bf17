import { useFetcher } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { Dialog } from '~/components/dialog';
import { useT } from '~/components/shell-context';

type CancelAnswer = { status: number; message: string; result?: 'cancelled' | 'already_cancelled' };

/**
 * My bookings' "Cancel booking" (issue 11): asks in a dialog, then POST /api/booking/cancel. The
 * answer goes to `onAnswer` (the list shows it: this button is gone once the booking reloads as
 * cancelled); Remix reloads the page's data after the call, so the row shows its refunds.
 */
export function CancelBookingButton({ reference, onAnswer }: { reference: string; onAnswer: (answer: { ok: boolean; message: string }) => void }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<CancelAnswer>();
  const busy = fetcher.state !== 'idle';
  const answer = fetcher.data;
  useEffect(() => {
    if (!answer) return;
    setOpen(false);
    onAnswer({ ok: answer.status === 200, message: answer.status === 200 ? answer.message : t('bookings.cancel.failed', { message: answer.message }) });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer (not per render of the list, which makes a new `onAnswer`), so the message is announced once
  }, [answer]);
  return (
    <>
      <button type="button" className="button button-ghost" aria-label={t('bookings.cancel.label', { reference })} onClick={() => setOpen(true)}>
        {t('bookings.cancel')}
      </button>
      <Dialog open={open} title={t('bookings.cancel.title', { reference })} description={t('bookings.cancel.body')} onClose={() => setOpen(false)} closeLabel={t('auth.close')}>
        <div className="dialog-actions">
          <button
            type="button"
            className="button button-primary"
            disabled={busy}
            onClick={() => fetcher.submit({ id: reference }, { method: 'post', action: '/api/booking/cancel', encType: 'application/json' })}
          >
            {t('bookings.cancel.confirm')}
          </button>
          <button type="button" className="button button-ghost" disabled={busy} onClick={() => setOpen(false)}>
            {t('bookings.cancel.keep')}
          </button>
        </div>
      </Dialog>
    </>
  );
}
