import { describe, expect, it } from 'vitest';
import { parseTraceparent } from './trace-context';

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT = '00f067aa0ba902b7';

describe('parseTraceparent', () => {
  it('reads a version 00 header: trace id, parent id and the sampled flag', () => {
    expect(parseTraceparent(`00-${TRACE}-${PARENT}-01`)).toEqual({ traceId: TRACE, parentId: PARENT, sampled: true });
    expect(parseTraceparent(` 00-${TRACE}-${PARENT}-00 `)).toEqual({ traceId: TRACE, parentId: PARENT, sampled: false });
  });

  it('reads a later version by its first four fields', () => {
    expect(parseTraceparent(`01-${TRACE}-${PARENT}-01-what-comes-next`)).toEqual({ traceId: TRACE, parentId: PARENT, sampled: true });
  });

  it('ignores what the recommendation calls invalid, so a new trace starts', () => {
    for (const header of [
      undefined,
      null,
      '',
      'garbage',
      `00-${TRACE}-${PARENT}`,
      `00-${TRACE}-${PARENT}-01-extra`,
      `ff-${TRACE}-${PARENT}-01`,
      `00-${'0'.repeat(32)}-${PARENT}-01`,
      `00-${TRACE}-${'0'.repeat(16)}-01`,
      `00-${TRACE.toUpperCase()}-${PARENT}-01`,
      `00-${TRACE.slice(1)}-${PARENT}-01`,
      `00-${TRACE}-${PARENT}-1`,
      `00-${TRACE}-${PARENT}-01\n00-${TRACE}-${PARENT}-01`,
    ]) {
      expect(parseTraceparent(header), String(header)).toBeNull();
    }
  });
});
