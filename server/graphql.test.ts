import { type ExecutionResult, parse, subscribe } from 'graphql';
import { describe, expect, it } from 'vitest';
import { schema } from './graphql';

describe('serverTime subscription', () => {
  it('ends at once when unsubscribed while waiting for its next tick (frees the slot without waiting)', async () => {
    const result = await subscribe({ schema, document: parse('subscription { serverTime(intervalMs: 60000, count: 5) }') });
    if (!(Symbol.asyncIterator in result)) throw new Error('expected a subscription');
    const first = await result.next();
    expect((first.value as ExecutionResult).data).toEqual({ serverTime: expect.any(String) });
    const waiting = result.next();
    await result.return!();
    // An async generator would keep this pending for the whole minute.
    expect(await waiting).toEqual({ done: true, value: undefined });
  });
});
