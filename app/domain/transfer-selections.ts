import { productFromPath } from '~/products/registry';

/**
 * Spec §2: "On transfer pages the stored transfer selections are cleared."
 *
 * With JavaScript, picking a vehicle on a transfer's details page stores the pick in
 * localStorage under `transferSelections` (zone, vehicle, dates: the spec's transfer trip
 * fields trf_transfers_name plus dates). The details page reads it back to mark "your last
 * choice" when the traveller returns to it from checkout (for example after a sold-out
 * answer). Entering the transfer pages from anywhere else, or loading one afresh, starts a
 * new transfer booking, so a pick from an earlier visit is cleared then; moving between
 * transfer pages keeps it.
 */
export const TRANSFER_SELECTIONS_KEY = 'transferSelections';

const isTransferPath = (pathname: string) => productFromPath(pathname) === 'TRF';

/** Whether arriving at `pathname` (from `previous`, null on a fresh load) clears the stored pick. */
export function shouldClearTransferSelections(pathname: string, previous: string | null): boolean {
  if (!isTransferPath(pathname)) return false;
  return previous === null || !isTransferPath(previous);
}

export type TransferSelection = { offer: string; option: string; trf_transfers_name: string; date: string; time: string; return_date: string | null };

/** A stored pick, or null when there is none or it is not one (storage is user-editable). */
export function readTransferSelection(raw: string | null): TransferSelection | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const v = value as Record<string, unknown>;
    const text = (k: string) => typeof v[k] === 'string';
    if (!text('offer') || !text('option') || !text('trf_transfers_name') || !text('date') || !text('time')) return null;
    return {
      offer: String(v.offer),
      option: String(v.option),
      trf_transfers_name: String(v.trf_transfers_name),
      date: String(v.date),
      time: String(v.time),
      return_date: typeof v.return_date === 'string' ? v.return_date : null,
    };
  } catch {
    return null;
  }
}
