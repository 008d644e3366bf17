import { describe, expect, it } from 'vitest';
import { acknowledgementLinks, isValidBookingId, submitOutcome } from './booking-submit';

const messages = {
  anotherMethod: 'Please enter another payment method',
  threeDSecureRequired: 'Not enrolled in 3-D Secure',
  tryAgain: 'Try again',
  holdLapsed: 'Your hold has expired. Please search again.',
  travelerFirst: 'Save the traveller first.',
};

describe('isValidBookingId', () => {
  it('refuses a missing id or one containing undefined or NaN', () => {
    expect(isValidBookingId('WAN-7K2QX9')).toBe(true);
    for (const bad of [undefined, null, '', '  ', 'undefined', 'WAN-undefined', 'NaN', 'WAN-NaN1', 42, 'WAN 1', 'x'.repeat(65), "WAN-1' or 1=1"])
      expect(isValidBookingId(bad)).toBe(false);
  });
});

describe('submitOutcome', () => {
  it('goes to the success page of a confirmed or pending booking', () => {
    expect(submitOutcome(200, { status: 'confirmed', return_url: '/checkout-success?booking_id=W-1' }, messages)).toEqual({
      kind: 'navigate',
      url: '/checkout-success?booking_id=W-1',
    });
    expect(submitOutcome(202, { status: 'pending', return_url: '/cars/checkout-success?booking_id=W-1' }, messages)).toEqual({
      kind: 'navigate',
      url: '/cars/checkout-success?booking_id=W-1',
    });
  });

  it('never navigates off the site', () => {
    expect(submitOutcome(200, { status: 'confirmed', return_url: 'https://evil.example/x' }, messages).kind).toBe('message');
    expect(submitOutcome(200, { status: 'confirmed', return_url: '//evil.example/x' }, messages).kind).toBe('message');
  });

  it('shows the card-failure modal for a refused card and explains a card that cannot take part in required 3-D Secure', () => {
    expect(submitOutcome(402, { status: 'card_declined', message: 'Do Not Honor' }, messages)).toEqual({ kind: 'card_failure' });
    expect(submitOutcome(402, { status: 'three_d_secure' }, messages)).toEqual({ kind: 'message', text: 'Not enrolled in 3-D Secure' });
    // The server answers in English; the page shows its own language's text.
    expect(
      submitOutcome(402, { status: 'three_d_secure', message: 'Please enter another payment method' }, { ...messages, threeDSecureRequired: 'No inscrita en 3-D Secure' }),
    ).toEqual({
      kind: 'message',
      text: 'No inscrita en 3-D Secure',
    });
  });

  it('shows the booking-failed modal with the stored error, or none for the default text', () => {
    expect(submitOutcome(409, { status: 'booking_failed', error: 'Sold out' }, messages)).toEqual({ kind: 'booking_failed', error: 'Sold out' });
    expect(submitOutcome(502, {}, messages)).toEqual({ kind: 'booking_failed', error: null });
  });

  it('shows the demo-account modal when the server refuses a demo account', () => {
    expect(submitOutcome(403, { error: 'demo' }, messages)).toEqual({ kind: 'demo' });
  });

  it('shows other answers as a message', () => {
    expect(submitOutcome(409, { status: 'invalid', message: 'pg_amt: must match' }, messages)).toEqual({ kind: 'message', text: 'pg_amt: must match' });
    expect(submitOutcome(409, { error: 'expired' }, messages)).toEqual({ kind: 'message', text: 'Your hold has expired. Please search again.' });
    expect(submitOutcome(409, { error: 'traveler_required' }, messages)).toEqual({ kind: 'message', text: 'Save the traveller first.' });
    expect(submitOutcome(400, null, messages)).toEqual({ kind: 'message', text: 'Try again' });
  });
});

describe('acknowledgementLinks', () => {
  it('lists the flight links for flights and the general ones otherwise', () => {
    expect(acknowledgementLinks('FLT').map((l) => l.key)).toEqual(['terms', 'flightTerms', 'airlineCancellation', 'privacy']);
    expect(acknowledgementLinks('HLT').map((l) => l.key)).toEqual(['privacy', 'rules', 'cancellation', 'checkin']);
  });
});
