import { describe, expect, it } from 'vitest';
import { keptAnswers } from './kept-answers';

describe('keptAnswers', () => {
  it('computes each key once', () => {
    const kept = keptAnswers<number>(10);
    let computed = 0;
    const square = (n: number) => kept(String(n), () => (computed++, n * n));
    expect([square(3), square(3), square(4), square(3)]).toEqual([9, 9, 16, 9]);
    expect(computed).toBe(2);
  });

  it('forgets everything once full, so it never holds more than its bound', () => {
    const kept = keptAnswers<string>(2);
    let computed = 0;
    const answer = (key: string) => kept(key, () => (computed++, key.toUpperCase()));
    answer('a');
    answer('b');
    answer('c'); // full: a and b are forgotten, c kept
    answer('c');
    expect(computed).toBe(3);
    answer('a');
    expect(computed).toBe(4);
  });

  it('keeps nothing when the computation throws', () => {
    const kept = keptAnswers<number>(2);
    expect(() =>
      kept('x', () => {
        throw new RangeError('no');
      }),
    ).toThrow(RangeError);
    expect(kept('x', () => 1)).toBe(1);
  });
});
