import { type FormEvent, useId, useState } from 'react';
import { Dialog } from '~/components/dialog';
import { postJson } from '~/components/post-json';
import { useT } from '~/components/shell-context';

type Outcome = { ok: true; email: string } | { ok: false; reason: string } | null;

/**
 * The trip owner's invitation form (POST /api/trips/invite): an e-mail, optional names and what
 * the invitee may do. Each invitation sent is announced; the form stays for the next one.
 */
export function TripInviteDialog({ tripId, tripName, onClose }: { tripId: string; tripName: string; onClose: () => void }) {
  const t = useT();
  const ids = { email: useId(), first: useId(), last: useId(), result: useId() };
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    setBusy(true);
    const answer = await postJson('/api/trips/invite', {
      trip_id: tripId,
      email: text('email'),
      firstname: text('firstname'),
      lastname: text('lastname'),
      role: text('role') === 'viewer' ? 'viewer' : 'traveller',
    });
    setBusy(false);
    if (answer.status === 200) {
      setOutcome({ ok: true, email: text('email') });
      form.reset();
    } else {
      setOutcome({ ok: false, reason: (answer.body as { message?: string } | null)?.message ?? String(answer.status) });
    }
  }

  return (
    <Dialog open title={t('tripInvite.title', { name: tripName })} onClose={onClose} closeLabel={t('auth.close')} className="trip-dialog">
      <form className="trip-form" onSubmit={send} aria-describedby={outcome ? ids.result : undefined}>
        <div className="form-field">
          <label htmlFor={ids.email}>{t('tripInvite.email')}</label>
          <input id={ids.email} name="email" type="email" required autoComplete="off" maxLength={254} />
        </div>
        <div className="form-field">
          <label htmlFor={ids.first}>{t('tripInvite.firstName')}</label>
          <input id={ids.first} name="firstname" autoComplete="off" maxLength={100} />
        </div>
        <div className="form-field">
          <label htmlFor={ids.last}>{t('tripInvite.lastName')}</label>
          <input id={ids.last} name="lastname" autoComplete="off" maxLength={100} />
        </div>
        <fieldset>
          <legend>{t('tripInvite.role')}</legend>
          <label>
            <input type="radio" name="role" value="traveller" defaultChecked /> {t('tripInvite.traveller')}
          </label>
          <label>
            <input type="radio" name="role" value="viewer" /> {t('tripInvite.viewer')}
          </label>
        </fieldset>
        {outcome ? (
          <p id={ids.result} role={outcome.ok ? 'status' : 'alert'} className={outcome.ok ? 'notice notice-success' : 'notice notice-warning'}>
            {outcome.ok ? t('tripInvite.sent', { email: outcome.email }) : t('tripInvite.failed', { reason: outcome.reason })}
          </p>
        ) : null}
        <button type="submit" className="button button-primary" disabled={busy}>
          {t('tripInvite.submit')}
        </button>
      </form>
    </Dialog>
  );
}
