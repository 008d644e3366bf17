import { describe, expect, it } from 'vitest';
import { type PrepareEvent, type PrepareState, callDue, initialPrepareState, prepareReducer, sendsUuid, soldOut } from './prepare-checkout';

type Hold = { token: string };
const run = (...events: PrepareEvent<Hold>[]) => events.reduce<PrepareState<Hold>>(prepareReducer, initialPrepareState<Hold>());
const fail = (status: number): PrepareEvent<Hold> => ({ type: 'failure', failure: { status, message: `failed ${status}` } });
const ok: PrepareEvent<Hold> = { type: 'success', hold: { token: 'tok' } };

describe('resort prepare-to-checkout (spec §4)', () => {
  it('starts idle, then loads with the uuid', () => {
    expect(initialPrepareState()).toEqual({ phase: 'idle', failRetryPrepare: false, failPrepare: false, hold: null, failure: null });
    const loading = run({ type: 'start' });
    expect(loading.phase).toBe('loading');
    expect(callDue(loading)).toBe(true);
    expect(sendsUuid(loading)).toBe(true);
  });

  it('holds on a first success, with neither flag', () => {
    expect(run({ type: 'start' }, ok)).toEqual({ phase: 'held', failRetryPrepare: false, failPrepare: false, hold: { token: 'tok' }, failure: null });
  });

  it('retries once without the uuid after a failure and sets failRetryPrepare; a successful retry holds', () => {
    const retrying = run({ type: 'start' }, fail(500));
    expect(retrying).toMatchObject({ phase: 'retrying', failRetryPrepare: true, failPrepare: false });
    expect(callDue(retrying)).toBe(true);
    expect(sendsUuid(retrying)).toBe(false);
    expect(prepareReducer(retrying, ok)).toMatchObject({ phase: 'held', failRetryPrepare: true, failPrepare: false, hold: { token: 'tok' }, failure: null });
  });

  it('sets failPrepare when the retry fails too, and makes no further call', () => {
    const failed = run({ type: 'start' }, fail(500), fail(503));
    expect(failed).toMatchObject({ phase: 'failed', failRetryPrepare: true, failPrepare: true, failure: { status: 503 } });
    expect(callDue(failed)).toBe(false);
    expect(soldOut(failed)).toBe(false);
    expect(soldOut(run({ type: 'start' }, fail(409), fail(409)))).toBe(true);
  });

  it('"Try again" after failPrepare starts a fresh round; stray events change nothing', () => {
    const again = run({ type: 'start' }, fail(500), fail(500), { type: 'start' });
    expect(again).toMatchObject({ phase: 'loading', failRetryPrepare: false, failPrepare: false, failure: null });
    const held = run({ type: 'start' }, ok);
    expect(prepareReducer(held, fail(500))).toBe(held);
    expect(prepareReducer(held, { type: 'start' })).toBe(held);
    expect(run(ok).phase).toBe('idle');
  });
});
