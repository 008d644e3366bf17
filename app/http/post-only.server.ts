import { json } from '@remix-run/node';

/**
 * The house 405 of an /api call that takes only POST (`{status, message}`, `Allow: POST`),
 * thrown: a loader's whole answer, or an action's first check. Families with an envelope of
 * their own (cards, weeks, stored value) answer in it.
 */
export function postOnly(): never {
  throw json({ status: 405, message: 'Use POST' }, { status: 405, headers: { Allow: 'POST' } });
}
