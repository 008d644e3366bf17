// The browser's card process log (docs/decisions/0022): the card port and the payment block
// write each card provider step here; support reads `window.__cardProcessLog` in the
// cardholder's browser. Kept in sessionStorage so it outlives the navigation to the success
// page (and a reload) in the same tab, and nothing more: it never leaves the browser.
import { type CardProcessStep, PROCESS_LOG_LIMIT, ProcessLog, type ProcessLogEntry } from '~/domain/process-log';

declare global {
  interface Window {
    /** The card provider steps of this tab, oldest first (read-only copy, for support). */
    readonly __cardProcessLog?: ProcessLogEntry[];
  }
}

const STORAGE_KEY = 'cardProcessLog';
let log: ProcessLog | null = null;

function stored(): unknown[] {
  try {
    const parsed: unknown = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

function browserLog(): ProcessLog {
  if (log) return log;
  const created = new ProcessLog(PROCESS_LOG_LIMIT, stored());
  Object.defineProperty(window, '__cardProcessLog', { configurable: true, get: () => created.entries() });
  log = created;
  return created;
}

/** Exposes `window.__cardProcessLog` on every page of the tab (entry.client), not only checkout. */
export function installCardProcessLog(): void {
  if (typeof window !== 'undefined') browserLog();
}

/** Writes one step. Only in the browser: rendering on the server logs nothing. */
export function logCardStep(step: CardProcessStep, outcome: 'ok' | 'failed', reason?: string): void {
  if (typeof window === 'undefined') return;
  const current = browserLog();
  current.append({ step, outcome, ...(reason !== undefined ? { reason } : {}) });
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(current.entries()));
  } catch {
    // Storage full or refused (private mode): the log still lives in this page.
  }
}
