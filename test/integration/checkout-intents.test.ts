// Issue 35 item 3: the checkout's posts are a closed switch on their intent (app/checkout/route.tsx).
// An intent no checkout takes, and a hold posted where the browser holds the choice itself (the
// weeks), answer 400 and change nothing; the known intents still reach the product's entry.
import { describe, expect, it } from 'vitest';
import { action as checkoutAction } from '~/checkout/route';
import { useSeededDatabase } from '../support/databases';
import { hostOf } from '../support/http-client';
import { callAction } from '../support/load-context';

const post = (path: string, fields: Record<string, string>) =>
  new Request(`http://${hostOf('wanderly')}${path}`, { method: 'POST', body: new URLSearchParams(fields), headers: { 'content-type': 'application/x-www-form-urlencoded' } });

describe('checkout posts by intent (pglite)', () => {
  const database = useSeededDatabase('pglite');
  const counts = async () => ({
    holds: Number(
      (
        await database.db
          .selectFrom('holds')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    bookings: Number(
      (
        await database.db
          .selectFrom('bookings')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
  });

  it('answers 400 to an intent no checkout takes, for every family, and changes nothing', async () => {
    const before = await counts();
    for (const [path, params] of [
      ['/hotel-checkout', {}],
      ['/flight/checkout', {}],
      ['/cars/checkout', {}],
      ['/activities/checkout', { product: 'activities' }],
      ['/resorts/checkout', {}],
    ] as const) {
      const answer = await callAction(checkoutAction, post(path, { intent: 'pay-me-twice', hold: 'x' }), params);
      expect(answer.status, path).toBe(400);
      expect(await answer.json()).toEqual({ message: "This checkout takes no 'pay-me-twice' post" });
    }
    expect(await counts()).toEqual(before);
  });

  it('answers 400 to a hold posted to a checkout whose week the browser holds, and still takes its traveller step', async () => {
    const before = await counts();
    const hold = await callAction(checkoutAction, post('/stays/checkout', { resort_id: '1', inventory_id: '1' }));
    expect(hold.status).toBe(400);
    // The traveller step reaches the weeks' entry: without a live hold it is refused as lapsed (409), not as an unknown post.
    const traveler = await callAction(
      checkoutAction,
      post('/stays/checkout', { intent: 'traveler', hold: 'no-such-hold', firstName: 'Ana', lastName: 'Ruiz', email: 'ana@example.com', phone: '' }),
    );
    expect(traveler.status).not.toBe(400);
    expect(await counts()).toEqual(before);
  });
});
