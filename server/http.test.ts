import { describe, expect, it } from 'vitest';
import { cspNonce } from './http';

describe('cspNonce', () => {
  it('gives 16 fresh bytes every time, across refills of its pool', () => {
    // 1,000 nonces span several fills of the 256-nonce pool: a refill draws new bytes.
    const nonces = Array.from({ length: 1_000 }, cspNonce);
    expect(new Set(nonces).size).toBe(nonces.length);
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
  });
});
