import { describe, expect, it } from 'vitest';
import {
  type ComboboxEvent,
  type ComboboxState,
  activeItem,
  announcement,
  comboboxReducer,
  initialComboboxState,
  isExpanded,
  isQueryable,
  readSuggestAnswer,
} from './airport-combobox';
import type { AirportSuggestion } from './airports';

const airport = (iata: string, city: string): AirportSuggestion => ({
  iata,
  city,
  name: `${city} International Airport`,
  country: 'Mexico',
  search_type: 6,
  latitude: 0,
  longitude: 0,
});
const CUN = airport('CUN', 'Cancún');
const MEX = airport('MEX', 'Mexico City');
const GDL = airport('GDL', 'Guadalajara');

const run = (...events: ComboboxEvent[]) => events.reduce<ComboboxState>(comboboxReducer, initialComboboxState);
const listed = (...items: AirportSuggestion[]) => run({ type: 'typed', text: 'can' }, { type: 'loaded', query: 'can', items });

describe('airport combobox state', () => {
  it('asks nothing under two characters, and closes when the text gets that short again', () => {
    expect(isQueryable('c')).toBe(false);
    expect(isQueryable(' c ')).toBe(false);
    expect(isQueryable('ca')).toBe(true);
    expect(run({ type: 'typed', text: 'c' })).toMatchObject({ status: 'idle', open: false, items: [] });
    expect(comboboxReducer(listed(CUN), { type: 'typed', text: 'c' })).toMatchObject({ status: 'idle', open: false, items: [] });
  });

  it('is loading while typing, then lists the answer for the text typed, unhighlighted', () => {
    const loading = run({ type: 'typed', text: ' can ' });
    expect(loading).toMatchObject({ query: 'can', status: 'loading', open: true, active: -1 });
    expect(announcement(loading)).toEqual({ key: 'loading' });
    const done = comboboxReducer(loading, { type: 'loaded', query: 'can', items: [CUN, MEX] });
    expect(done).toMatchObject({ status: 'done', items: [CUN, MEX], active: -1 });
    expect(isExpanded(done)).toBe(true);
    expect(announcement(done)).toEqual({ key: 'many', count: 2 });
    expect(announcement(listed(CUN))).toEqual({ key: 'one' });
  });

  it('ignores a stale answer for older text', () => {
    const typing = run({ type: 'typed', text: 'ca' }, { type: 'typed', text: 'can' });
    expect(comboboxReducer(typing, { type: 'loaded', query: 'ca', items: [CUN] })).toBe(typing);
    expect(comboboxReducer(typing, { type: 'failed', query: 'ca', failure: { kind: 'failed' } })).toBe(typing);
    // Nor an answer that lands after the list was closed (Escape, Tab, blur).
    const closed = comboboxReducer(typing, { type: 'close' });
    expect(comboboxReducer(closed, { type: 'loaded', query: 'can', items: [CUN] })).toEqual(closed);
  });

  it('says when no airport matches, without expanding an empty listbox', () => {
    const none = listed();
    expect(none.open).toBe(true);
    expect(isExpanded(none)).toBe(false);
    expect(announcement(none)).toEqual({ key: 'none' });
    expect(comboboxReducer(none, { type: 'next' })).toBe(none);
  });

  it('says why there is no list: too many look-ups (with the wait) or a failure', () => {
    const limited = run({ type: 'typed', text: 'can' }, { type: 'failed', query: 'can', failure: { kind: 'tooMany', retryAfterSeconds: 42 } });
    expect(isExpanded(limited)).toBe(false);
    expect(announcement(limited)).toEqual({ key: 'tooMany', seconds: 42 });
    expect(announcement(run({ type: 'typed', text: 'can' }, { type: 'failed', query: 'can', failure: { kind: 'failed' } }))).toEqual({ key: 'failed' });
  });

  it('moves the highlight with the arrows, wrapping at both ends', () => {
    const list = listed(CUN, MEX, GDL);
    const down = (state: ComboboxState) => comboboxReducer(state, { type: 'next' });
    const up = (state: ComboboxState) => comboboxReducer(state, { type: 'previous' });
    expect(down(list).active).toBe(0);
    expect(activeItem(down(list))).toBe(CUN);
    expect(down(down(list)).active).toBe(1);
    expect(down(down(down(down(list)))).active).toBe(0);
    expect(up(list).active).toBe(2);
    expect(up(down(list)).active).toBe(2);
    expect(comboboxReducer(list, { type: 'highlight', index: 1 }).active).toBe(1);
    expect(comboboxReducer(list, { type: 'highlight', index: 3 })).toBe(list);
  });

  it('does not let the arrows pick an option listed for older text while newer text is looked up', () => {
    const typingOn = comboboxReducer(listed(CUN, MEX), { type: 'typed', text: 'canc' });
    expect(typingOn.active).toBe(-1);
    expect(comboboxReducer(typingOn, { type: 'next' })).toBe(typingOn);
    expect(activeItem(typingOn)).toBeNull();
  });

  it('closes on Escape keeping the options, which ArrowDown opens again on the first, ArrowUp on the last', () => {
    const closed = comboboxReducer(comboboxReducer(listed(CUN, MEX), { type: 'next' }), { type: 'close' });
    expect(closed).toMatchObject({ open: false, active: -1, items: [CUN, MEX] });
    expect(isExpanded(closed)).toBe(false);
    expect(activeItem(closed)).toBeNull();
    expect(announcement(closed)).toBeNull();
    expect(comboboxReducer(closed, { type: 'next' })).toMatchObject({ open: true, active: 0 });
    expect(comboboxReducer(closed, { type: 'previous' })).toMatchObject({ open: true, active: 1 });
    expect(comboboxReducer(closed, { type: 'highlight', index: 0 })).toBe(closed);
  });

  it('starts over once an airport is chosen', () => {
    expect(comboboxReducer(comboboxReducer(listed(CUN), { type: 'next' }), { type: 'chosen' })).toEqual(initialComboboxState);
  });
});

describe('readSuggestAnswer', () => {
  it('reads the airports of a 200 and drops malformed items', () => {
    expect(readSuggestAnswer(200, { status: 200, data: [CUN, { iata: 'x' }, null, 'MEX'] })).toEqual({ ok: true, items: [CUN] });
    expect(readSuggestAnswer(200, { status: 200, data: [] })).toEqual({ ok: true, items: [] });
  });

  it('reads the wait of a 429, with a minute when it is missing', () => {
    expect(readSuggestAnswer(429, { status: 429, message: 'Too many', retry_after: 17 })).toEqual({ ok: false, failure: { kind: 'tooMany', retryAfterSeconds: 17 } });
    expect(readSuggestAnswer(429, null)).toEqual({ ok: false, failure: { kind: 'tooMany', retryAfterSeconds: 60 } });
  });

  it('treats anything else as a failure', () => {
    for (const [status, body] of [
      [0, null],
      [400, { status: 400, message: 'text must be a string' }],
      [500, null],
      [200, { data: 'nope' }],
      [200, null],
    ] as const) {
      expect(readSuggestAnswer(status, body), String(status)).toEqual({ ok: false, failure: { kind: 'failed' } });
    }
  });
});
