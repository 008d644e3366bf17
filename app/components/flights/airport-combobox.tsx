import { type KeyboardEvent, type ReactNode, useEffect, useReducer, useRef, useState } from 'react';
import { postJson } from '~/components/post-json';
import { useShell, useT } from '~/components/shell-context';
import { activeItem, announcement, comboboxReducer, initialComboboxState, isExpanded, isQueryable, readSuggestAnswer } from '~/domain/airport-combobox';
import type { AirportSuggestion } from '~/domain/airports';

/** Long enough to skip the keystrokes of a word being typed, short enough to feel immediate. */
const DEBOUNCE_MS = 200;

type FieldProps = { id: string; name: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string };

/**
 * An airport field of the flight search: a WAI-ARIA 1.2 combobox (list autocomplete) over
 * `POST /api/flights/autosuggestV2`. Choosing an airport puts its IATA code in the input, the
 * same value the server reads today, so the GET form is unchanged. Before hydration (or
 * without JavaScript) it is the plain input with the page's `datalist`; the server resolves a
 * code or 'City (CODE)' as before.
 */
export function AirportCombobox({
  field,
  label,
  defaultValue,
  required,
  direction,
  datalistId,
  hydrated,
  error,
}: {
  field: FieldProps;
  label: string;
  defaultValue: string | undefined;
  required: boolean;
  direction: 'from' | 'to';
  datalistId: string;
  hydrated: boolean;
  /** The server's message for this field, if any (from the form's `useSearchFields`). */
  error: ReactNode;
}) {
  const t = useT();
  const { locale } = useShell();
  const [state, dispatch] = useReducer(comboboxReducer, initialComboboxState);
  const [chosen, setChosen] = useState<AirportSuggestion | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const pending = useRef<{ timer: number | undefined; controller: AbortController | null }>({ timer: undefined, controller: null });
  const listId = `${field.id}-listbox`;
  const optionId = (index: number) => `${field.id}-option-${index}`;
  const hintId = `${field.id}-chosen`;
  const expanded = isExpanded(state);
  const active = activeItem(state);

  const cancel = () => {
    window.clearTimeout(pending.current.timer);
    pending.current.controller?.abort();
    pending.current = { timer: undefined, controller: null };
  };
  useEffect(() => cancel, []);

  const lookUp = (query: string) => {
    cancel();
    if (!isQueryable(query)) return;
    // Debounced: one call when typing pauses; an answer for older text is aborted unread.
    pending.current.timer = window.setTimeout(async () => {
      const controller = new AbortController();
      pending.current.controller = controller;
      const answer = await postJson('/api/flights/autosuggestV2', { json: { text: query, type: direction, language: locale.language } }, {}, controller.signal);
      if (controller.signal.aborted) return;
      pending.current.controller = null;
      const read = readSuggestAnswer(answer.status, answer.body);
      dispatch(read.ok ? { type: 'loaded', query, items: read.items } : { type: 'failed', query, failure: read.failure });
    }, DEBOUNCE_MS);
  };

  const choose = (airport: AirportSuggestion) => {
    cancel();
    const input = inputRef.current;
    if (input) input.value = airport.iata;
    setChosen(airport);
    dispatch({ type: 'chosen' });
  };

  const close = () => {
    cancel();
    dispatch({ type: 'close' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        // On a closed list ArrowDown opens it on the first option, ArrowUp on the last (APG).
        event.preventDefault();
        dispatch({ type: 'next' });
        return;
      case 'ArrowUp':
        event.preventDefault();
        dispatch({ type: 'previous' });
        return;
      case 'Enter':
        if (active) {
          // Enter picks the highlighted airport; with none highlighted it submits the form.
          event.preventDefault();
          choose(active);
        }
        return;
      case 'Escape':
        if (state.open) {
          event.preventDefault();
          close();
        } else if (event.currentTarget.value) {
          // Escape on a closed combobox clears it (APG).
          event.preventDefault();
          event.currentTarget.value = '';
          setChosen(null);
          dispatch({ type: 'typed', text: '' });
        }
        return;
    }
  };

  const said = announcement(state);
  const message = said
    ? said.key === 'many'
      ? t('flight.airports.many', { count: said.count ?? 0 })
      : said.key === 'tooMany'
        ? t('flight.airports.tooMany', { seconds: said.seconds ?? 60 })
        : t(`flight.airports.${said.key}`)
    : '';
  const describedBy = [field['aria-describedby'], chosen ? hintId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className="search-field combobox-field">
      <label htmlFor={field.id}>{label}</label>
      <div className="combobox">
        <input
          {...field}
          ref={inputRef}
          type="text"
          // A combobox only once our list can open: before hydration (or without JavaScript) the
          // field is a plain input with the browser's datalist.
          role={hydrated ? 'combobox' : undefined}
          aria-autocomplete={hydrated ? 'list' : undefined}
          aria-expanded={hydrated ? expanded : undefined}
          aria-controls={hydrated ? listId : undefined}
          aria-activedescendant={expanded && state.active >= 0 ? optionId(state.active) : undefined}
          aria-describedby={describedBy}
          // Before hydration the browser's datalist is the suggestion list; after, ours is.
          list={hydrated ? undefined : datalistId}
          defaultValue={defaultValue}
          autoComplete="off"
          spellCheck={false}
          placeholder={t('flight.airportHint')}
          required={required}
          onChange={(event) => {
            setChosen(null);
            dispatch({ type: 'typed', text: event.currentTarget.value });
            lookUp(event.currentTarget.value.trim());
          }}
          onKeyDown={onKeyDown}
          // Tab (or a click elsewhere) leaves without choosing: the text typed stays the value.
          onBlur={close}
        />
        <ul id={listId} role="listbox" aria-label={t('flight.airports.list', { label })} className="combobox-list" hidden={!expanded}>
          {state.items.map((airport, index) => (
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the keys are the input's (aria-activedescendant names the active option); an option takes no focus
            <li
              key={airport.iata}
              id={optionId(index)}
              role="option"
              aria-selected={index === state.active}
              className="combobox-option"
              // The input keeps focus (and the combobox its state) while the pointer picks.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(airport)}
              onMouseMove={() => index !== state.active && dispatch({ type: 'highlight', index })}
            >
              <span className="combobox-option-main">
                {airport.city} ({airport.iata})
              </span>{' '}
              <span className="combobox-option-detail">
                {airport.name}, {airport.country}
              </span>
            </li>
          ))}
        </ul>
        {state.open && !expanded && message ? (
          <p className="combobox-message" aria-hidden="true">
            {message}
          </p>
        ) : null}
      </div>
      {/* Polite, always present so each change is read: how many airports, none, or why not. */}
      <p role="status" className="visually-hidden">
        {message}
      </p>
      {chosen ? (
        <p id={hintId} className="combobox-chosen">
          {chosen.name}, {chosen.country}
        </p>
      ) : null}
      {error}
    </div>
  );
}
