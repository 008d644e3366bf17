import { Dialog } from '~/components/dialog';
import { useT } from '~/components/shell-context';

/**
 * The modals of the booking submit (spec §2 "Modals and dialogs", §8). Each closes with its
 * OK button; the Booking-failed modal also with its × and a click on the backdrop. The page
 * does not scroll while one is open (the Dialog locks it).
 */

function OkButton({ onClose }: { onClose: () => void }) {
  const t = useT();
  return (
    <div className="dialog-actions">
      {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the modal's one action takes the focus as the modal opens (a dialog's focus goes into it) */}
      <button type="button" className="button button-primary" onClick={onClose} autoFocus>
        {t('modal.ok')}
      </button>
    </div>
  );
}

/** Demo accounts browse but cannot book. */
export function DemoAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  return (
    <Dialog open={open} title={t('modal.demo.title')} description={t('modal.demo.subtitle')} onClose={onClose} className="guard-dialog">
      <OkButton onClose={onClose} />
    </Dialog>
  );
}

/** The booking could not be made: the stored error, or the default text. */
export function BookingFailedDialog({ open, error, onClose }: { open: boolean; error: string | null; onClose: () => void }) {
  const t = useT();
  return (
    <Dialog open={open} title={t('modal.bookingFailed.title')} description={t('modal.bookingFailed.subtitle')} onClose={onClose} closeOnBackdrop className="guard-dialog">
      <p className="dialog-error" role="alert">
        {error || t('modal.bookingFailed.default')}
      </p>
      <OkButton onClose={onClose} />
    </Dialog>
  );
}

/** The card was refused (payment token failed, spec §8): try another card. */
export function CardFailureDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  return (
    <Dialog open={open} title={t('modal.cardFailure.title')} description={t('modal.cardFailure.body')} onClose={onClose} className="guard-dialog">
      <OkButton onClose={onClose} />
    </Dialog>
  );
}
