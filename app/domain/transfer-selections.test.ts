import { describe, expect, it } from 'vitest';
import { readTransferSelection, shouldClearTransferSelections } from './transfer-selections';

describe('shouldClearTransferSelections', () => {
  it('clears when a transfer page is entered from elsewhere or loaded afresh', () => {
    expect(shouldClearTransferSelections('/transfers', null)).toBe(true);
    expect(shouldClearTransferSelections('/transfers/search-details', '/')).toBe(true);
    expect(shouldClearTransferSelections('/transfers/details', '/activities/details')).toBe(true);
    expect(shouldClearTransferSelections('/Transfers/checkout', null)).toBe(true);
  });
  it('keeps the pick while moving between transfer pages', () => {
    expect(shouldClearTransferSelections('/transfers/checkout', '/transfers/details')).toBe(false);
    expect(shouldClearTransferSelections('/transfers/details', '/transfers/checkout')).toBe(false);
  });
  it('never clears off the transfer pages', () => {
    for (const path of ['/', '/transfersx', '/hotels', '/cars/transfers']) expect(shouldClearTransferSelections(path, null), path).toBe(false);
  });
});

describe('readTransferSelection', () => {
  it('reads a stored pick and refuses anything else', () => {
    const pick = { offer: 'cancun-hotel-zone', option: 'VAN', trf_transfers_name: 'CUN → Hotel Zone', date: '2027-01-02', time: '10:00', return_date: null };
    expect(readTransferSelection(JSON.stringify(pick))).toEqual(pick);
    expect(readTransferSelection(null)).toBeNull();
    expect(readTransferSelection('{bad')).toBeNull();
    expect(readTransferSelection(JSON.stringify({ offer: 1 }))).toBeNull();
  });
});
