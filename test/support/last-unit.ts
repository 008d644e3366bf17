// The last unit of a resort under 200 concurrent holds (quality goal R1), over HTTP: shared by
// the last-unit spec (one PGlite server) and the cluster spec (three instances behind a proxy).
import { expect } from 'vitest';
import { http } from './http-client';
import { inDays } from './dates';

/** A resort's one-unit villa and its week about `days` out, read through the API. */
export async function lastVilla(base: string, days: number) {
  const post = (route: string, body: unknown) => http(base, 'POST', `/api/weeks/${route}`, { body });
  const resort = (await post('getGenerateMinPrice', {})).json().data.min_prices.find((p: { category: string }) => p.category === 'RST');
  const inventory = await post('getInventory', {
    resort_id: resort.resort_id,
    check_in_date: inDays(days),
    check_out_date: inDays(days + 7),
    lang: 'en-US',
    currency: 'USD',
    residency: 'US',
    search_type: 'country',
    category: 'RST',
    destination_id: resort.destination_id,
    whitelabel_no: 1,
    mainPath: '/resorts/details',
  });
  const villa = inventory.json().data.inventory.find((i: { unit_type: { code: string } }) => i.unit_type.code === '2BR');
  expect(villa.available).toBe(1);
  return {
    resort_id: resort.resort_id,
    inventory_id: villa.inventory_id,
    check_in_date: villa.check_in_date,
    check_out_date: villa.check_out_date,
    lang: 'en-US',
    currency: 'USD',
    residency: 'US',
    mainPath: '/resorts/checkout',
  };
}

/** 200 simultaneous prepare-to-checkout calls for one last unit, spread over `bases`. */
export async function race(bases: string[], body: unknown) {
  const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => http(bases[i % bases.length]!, 'POST', '/api/weeks/prepareBookWeeks', { body })));
  const statuses = answers.map((a) => a.status);
  return {
    held: statuses.filter((s) => s === 200).length,
    soldOut: answers.filter((a) => a.status === 409 && /^Sold out/.test(a.json().message)).length,
    serverErrors: statuses.filter((s) => s >= 500).length,
  };
}
