import { describe, expect, it } from 'vitest';
import { CANCEL_TEXT, cancelCheck } from './booking-cancel';

describe('cancelCheck', () => {
  const today = '2026-11-24';
  const confirmed = { status: 'confirmed', paymentMethod: 'card', startsOn: '2026-12-01' };

  it('lets the owner cancel a confirmed future booking paid by card, saved card or stored value only', () => {
    for (const paymentMethod of ['card', 'saved_card', 'zero']) expect(cancelCheck({ ...confirmed, paymentMethod }, today)).toEqual({ ok: true });
    expect(cancelCheck({ ...confirmed, startsOn: '2026-11-25' }, today)).toEqual({ ok: true });
  });

  it('says a cancelled booking is already cancelled', () => {
    expect(cancelCheck({ ...confirmed, status: 'cancelled' }, today)).toEqual({ ok: false, reason: 'already_cancelled', message: CANCEL_TEXT.already_cancelled });
  });

  it('refuses bookings that are not confirmed', () => {
    for (const status of ['initiated', 'pending', 'failed']) expect(cancelCheck({ ...confirmed, status }, today)).toMatchObject({ ok: false, reason: 'not_confirmed' });
  });

  it('refuses a booking starting today or in the past', () => {
    expect(cancelCheck({ ...confirmed, startsOn: today }, today)).toMatchObject({ ok: false, reason: 'started' });
    expect(cancelCheck({ ...confirmed, startsOn: '2026-01-01' }, today)).toMatchObject({ ok: false, reason: 'started' });
  });

  it('refuses invoice, OXXO, guarantee and unknown payment methods', () => {
    for (const paymentMethod of ['invoice', 'oxxo', 'guarantee', null]) expect(cancelCheck({ ...confirmed, paymentMethod }, today)).toMatchObject({ ok: false, reason: 'method' });
  });
});
