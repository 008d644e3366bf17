import { describe, expect, it } from 'vitest';
import { isFlightLoginPath, requireFlightLogin } from '~/http/route-behaviours.server';

function redirectOf(run: () => void): string | null {
  try {
    run();
    return null;
  } catch (answer) {
    if (answer instanceof Response) return answer.headers.get('location');
    throw answer;
  }
}

describe('flight login rule (spec §2)', () => {
  it('covers search-details, checkout and checkout-success, with or without a trailing slash', () => {
    for (const path of ['/flight/search-details', '/flight/checkout', '/flight/checkout-success', '/flight/checkout/']) expect(isFlightLoginPath(path), path).toBe(true);
    for (const path of ['/flight', '/flight/details', '/', '/hotel-checkout', '/flight/checkoutx']) expect(isFlightLoginPath(path), path).toBe(false);
  });

  it('sends only anonymous visitors to /flight, and only when the organisation requires login', () => {
    expect(redirectOf(() => requireFlightLogin('/flight/checkout', true, false))).toBe('/flight');
    expect(redirectOf(() => requireFlightLogin('/flight/checkout', true, true))).toBeNull();
    expect(redirectOf(() => requireFlightLogin('/flight/checkout', false, false))).toBeNull();
    expect(redirectOf(() => requireFlightLogin('/flight/details', true, false))).toBeNull();
  });
});
