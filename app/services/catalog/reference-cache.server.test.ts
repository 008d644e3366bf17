import { beforeEach, describe, expect, it } from 'vitest';
import { REFERENCE_MAX_ENTRIES, REFERENCE_TTL_MS, cachedReference, clearReferenceCache } from './reference-cache.server';

describe('cachedReference', () => {
  beforeEach(() => clearReferenceCache());

  it('answers each key with its own value and loads it once while fresh', async () => {
    let loads = 0;
    const load = (value: string) => async () => {
      loads++;
      return value;
    };
    expect(await cachedReference('hotel:a', load('A'), 0)).toBe('A');
    expect(await cachedReference('hotel:b', load('B'), 0)).toBe('B');
    expect(await cachedReference('hotel:a', load('other'), 1_000)).toBe('A');
    expect(await cachedReference('hotel:b', load('other'), 1_000)).toBe('B');
    expect(loads).toBe(2);
  });

  it('shares one load between concurrent misses', async () => {
    let loads = 0;
    const load = async () => ++loads;
    const [a, b] = await Promise.all([cachedReference('k', load, 0), cachedReference('k', load, 0)]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
  });

  it('reloads once the time to live has passed, or after a clear', async () => {
    expect(await cachedReference('k', async () => 'old', 0)).toBe('old');
    expect(await cachedReference('k', async () => 'new', REFERENCE_TTL_MS)).toBe('new');
    clearReferenceCache();
    expect(await cachedReference('k', async () => 'after clear', REFERENCE_TTL_MS)).toBe('after clear');
  });

  it('forgets a failed load, so the next read tries again', async () => {
    await expect(cachedReference('k', async () => Promise.reject(new Error('database down')), 0)).rejects.toThrow('database down');
    expect(await cachedReference('k', async () => 'back', 0)).toBe('back');
  });

  it('keeps at most REFERENCE_MAX_ENTRIES keys, dropping the oldest', async () => {
    for (let i = 0; i <= REFERENCE_MAX_ENTRIES; i++) await cachedReference(`hotel:${i}`, async () => i, 0);
    expect(await cachedReference('hotel:0', async () => 'reloaded', 0)).toBe('reloaded');
    expect(await cachedReference(`hotel:${REFERENCE_MAX_ENTRIES}`, async () => 'reloaded', 0)).toBe(REFERENCE_MAX_ENTRIES);
  });
});
