/**
 * Resort prepare-to-checkout (spec §4), as a pure state machine: loading; success holds the
 * week (the caller stores the holdTok cookie); the first failure retries once without the uuid
 * and sets failRetryPrepare; a failed retry sets failPrepare.
 *
 *   idle → loading → held
 *               ↘ retrying → held
 *                         ↘ failed
 */
export type PrepareFailure = { status: number; message: string };

export type PrepareState<Hold> = {
  phase: 'idle' | 'loading' | 'retrying' | 'held' | 'failed';
  failRetryPrepare: boolean;
  failPrepare: boolean;
  hold: Hold | null;
  failure: PrepareFailure | null;
};

export type PrepareEvent<Hold> = { type: 'start' } | { type: 'success'; hold: Hold } | { type: 'failure'; failure: PrepareFailure };

export function initialPrepareState<Hold>(): PrepareState<Hold> {
  return { phase: 'idle', failRetryPrepare: false, failPrepare: false, hold: null, failure: null };
}

export function prepareReducer<Hold>(state: PrepareState<Hold>, event: PrepareEvent<Hold>): PrepareState<Hold> {
  switch (event.type) {
    case 'start':
      // A first start, or "Try again" after both attempts failed: a fresh round with a new uuid.
      return state.phase === 'idle' || state.phase === 'failed' ? { ...initialPrepareState<Hold>(), phase: 'loading' } : state;
    case 'success':
      return state.phase === 'loading' || state.phase === 'retrying' ? { ...state, phase: 'held', hold: event.hold, failure: null } : state;
    case 'failure':
      if (state.phase === 'loading') return { ...state, phase: 'retrying', failRetryPrepare: true, failure: event.failure };
      if (state.phase === 'retrying') return { ...state, phase: 'failed', failPrepare: true, failure: event.failure };
      return state;
  }
}

/** The first attempt carries the uuid; the retry goes without it. */
export const sendsUuid = (state: PrepareState<unknown>) => state.phase === 'loading';

/** Whether a call is due in this state (the component runs it and reports the outcome). */
export const callDue = (state: PrepareState<unknown>) => state.phase === 'loading' || state.phase === 'retrying';

/** A 409 means someone else holds or booked the week; anything else is worth trying again. */
export const soldOut = (state: PrepareState<unknown>) => state.phase === 'failed' && state.failure?.status === 409;
