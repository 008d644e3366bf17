import { describe, expect, it } from 'vitest';
import { inMarketOf, isDeviceData, isDisposableEmail, leadTimeHours, looksAutomated } from './fraud-signals';

describe('fraud signals read from the request', () => {
  it('knows throw-away mailboxes by domain, whatever the case', () => {
    expect(isDisposableEmail('card.tester@Mailinator.com')).toBe(true);
    expect(isDisposableEmail('ana@example.com')).toBe(false);
    expect(isDisposableEmail(null)).toBe(false);
    expect(isDisposableEmail('not-an-address')).toBe(false);
  });

  it('takes a headless browser or a script for automated, an absent agent for unknown', () => {
    expect(looksAutomated('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0 Safari/537.36')).toBe(true);
    expect(looksAutomated('python-requests/2.32.3')).toBe(true);
    expect(looksAutomated('curl/8.5.0')).toBe(true);
    expect(looksAutomated('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15')).toBe(false);
    expect(looksAutomated(null)).toBe(false);
  });

  it('is in the market when the country’s currency is offered; unknown without one', () => {
    expect(inMarketOf('MXN', ['USD', 'MXN'])).toBe(true);
    expect(inMarketOf('JPY', ['USD', 'MXN'])).toBe(false);
    expect(inMarketOf(undefined, ['USD'])).toBeNull();
  });

  it('counts the lead time in whole hours to the start of the booked day', () => {
    const now = new Date('2027-03-10T18:30:00Z');
    expect(leadTimeHours('2027-03-12', now)).toBe(29);
    expect(leadTimeHours('2027-03-10', now)).toBe(-19);
    expect(leadTimeHours(null, now)).toBeNull();
    expect(leadTimeHours('soon', now)).toBeNull();
  });

  it('takes device data only as the data collector shapes it: a JSON object naming its device session', () => {
    expect(isDeviceData('{"device_session_id":"0f3c5a1e9b7d4c2a8e6f1b3d5c7a9e0f","correlation_id":"c0ffee00c0ffee00"}')).toBe(true);
    expect(isDeviceData('{"correlation_id":"c0ffee00c0ffee00"}')).toBe(false);
    expect(isDeviceData('{"device_session_id":"<script>"}')).toBe(false);
    expect(isDeviceData('not json')).toBe(false);
    expect(isDeviceData('"0f3c5a1e9b7d4c2a"')).toBe(false);
    expect(isDeviceData(`{"device_session_id":"0f3c5a1e9b7d4c2a","pad":"${'x'.repeat(4096)}"}`)).toBe(false);
    expect(isDeviceData(null)).toBe(false);
  });
});
