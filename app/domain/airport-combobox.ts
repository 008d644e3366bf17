import type { AirportSuggestion } from './airports';

/**
 * The state of the flight search's airport combobox (WAI-ARIA 1.2 combobox with a listbox
 * popup and list autocomplete), pure so every keyboard rule is tested without a browser.
 * The component owns the input's text and the network; this owns what the popup shows and
 * which option is highlighted.
 */

/** Fewer characters match too much to be useful, and each keystroke costs a rate-limited call. */
export const MIN_QUERY_LENGTH = 2;

/** Why a look-up gave no list: the API's 429 (with its wait), or any other failure. */
export type SuggestFailure = { kind: 'tooMany'; retryAfterSeconds: number } | { kind: 'failed' };

export type ComboboxState = {
  /** The text the shown (or awaited) suggestions are for; answers for other text are stale. */
  query: string;
  status: 'idle' | 'loading' | 'done' | 'failed';
  items: AirportSuggestion[];
  /** Highlighted option (aria-activedescendant), -1 for none. */
  active: number;
  /** Whether the popup (list, or its loading, empty or error message) is shown. */
  open: boolean;
  failure: SuggestFailure | null;
};

export type ComboboxEvent =
  | { type: 'typed'; text: string }
  | { type: 'loaded'; query: string; items: AirportSuggestion[] }
  | { type: 'failed'; query: string; failure: SuggestFailure }
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'highlight'; index: number }
  | { type: 'close' }
  | { type: 'chosen' };

export const initialComboboxState: ComboboxState = { query: '', status: 'idle', items: [], active: -1, open: false, failure: null };

/** Whether text is worth asking the API about. */
export function isQueryable(text: string): boolean {
  return [...text.trim()].length >= MIN_QUERY_LENGTH;
}

/** Whether the listbox itself is shown (aria-expanded): open and with options in it. */
export function isExpanded(state: ComboboxState): boolean {
  return state.open && state.items.length > 0;
}

export function comboboxReducer(state: ComboboxState, event: ComboboxEvent): ComboboxState {
  switch (event.type) {
    case 'typed': {
      const query = event.text.trim();
      if (!isQueryable(query)) return { ...initialComboboxState, query };
      // The old options stay listed until the new ones arrive, so the list does not flicker,
      // but none stays highlighted: Enter must not pick an answer to older text.
      return { ...state, query, status: 'loading', active: -1, open: true, failure: null };
    }
    case 'loaded':
      if (event.query !== state.query || state.status !== 'loading') return state;
      return { ...state, status: 'done', items: event.items, active: -1, failure: null };
    case 'failed':
      if (event.query !== state.query || state.status !== 'loading') return state;
      return { ...state, status: 'failed', items: [], active: -1, failure: event.failure };
    case 'next':
    case 'previous': {
      const count = state.items.length;
      // While newer text is being looked up the listed options are stale: nothing to pick yet.
      if (count === 0 || state.status === 'loading') return state;
      // ArrowDown on a closed combobox opens it on the first option, ArrowUp on the last (APG).
      if (!state.open) return { ...state, open: true, active: event.type === 'next' ? 0 : count - 1 };
      if (state.active < 0) return { ...state, active: event.type === 'next' ? 0 : count - 1 };
      const target = event.type === 'next' ? state.active + 1 : state.active - 1;
      // Wrapping keeps every option one direction away, as in the APG's list examples.
      return { ...state, active: (target + count) % count };
    }
    case 'highlight':
      if (!state.open || event.index < 0 || event.index >= state.items.length) return state;
      return { ...state, active: event.index };
    case 'close':
      // A look-up still under way is the component's to abort; its answer is then ignored.
      return { ...state, open: false, active: -1, status: state.status === 'loading' ? 'idle' : state.status };
    case 'chosen':
      return { ...initialComboboxState };
  }
}

/** The highlighted option, if any. */
export function activeItem(state: ComboboxState): AirportSuggestion | null {
  return state.open ? (state.items[state.active] ?? null) : null;
}

/**
 * What the polite live region says (a message key and its values), or null for silence.
 * Screen readers hear how many airports matched, that none did, or why there is no list.
 */
export function announcement(state: ComboboxState): { key: 'loading' | 'none' | 'one' | 'many' | 'tooMany' | 'failed'; count?: number; seconds?: number } | null {
  if (!state.open) return null;
  if (state.status === 'loading') return { key: 'loading' };
  if (state.status === 'failed' && state.failure) {
    return state.failure.kind === 'tooMany' ? { key: 'tooMany', seconds: state.failure.retryAfterSeconds } : { key: 'failed' };
  }
  if (state.status !== 'done') return null;
  if (state.items.length === 0) return { key: 'none' };
  return state.items.length === 1 ? { key: 'one' } : { key: 'many', count: state.items.length };
}

/**
 * Reads the API's answer (spec §7 autosuggestV2): the airports of a 200, the wait of a 429,
 * anything else a failure. The body comes off the wire, so each item is checked.
 */
export function readSuggestAnswer(status: number, body: unknown): { ok: true; items: AirportSuggestion[] } | { ok: false; failure: SuggestFailure } {
  const record: Record<string, unknown> = typeof body === 'object' && body !== null ? { ...body } : {};
  if (status === 429) {
    const seconds = Number(record.retry_after);
    return { ok: false, failure: { kind: 'tooMany', retryAfterSeconds: Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : 60 } };
  }
  if (status !== 200 || !Array.isArray(record.data)) return { ok: false, failure: { kind: 'failed' } };
  const items = record.data.filter(
    (item): item is AirportSuggestion =>
      typeof item === 'object' &&
      item !== null &&
      typeof item.iata === 'string' &&
      /^[A-Z]{3}$/.test(item.iata) &&
      typeof item.name === 'string' &&
      typeof item.city === 'string' &&
      typeof item.country === 'string',
  );
  return { ok: true, items };
}
