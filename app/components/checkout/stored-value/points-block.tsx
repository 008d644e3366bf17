import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { useCheckoutPayment } from '~/components/checkout/payment-block';
import { useShell, useT } from '~/components/shell-context';
import { formatChargedAmount } from '~/domain/charge';
import { loyaltyProductCode } from '~/domain/instruments';
import { minorToMajor } from '~/domain/coupon-cash';
import { POINTS_DEFAULT_LABEL, POINTS_LIST_MAX_HEIGHT_PX, enteredPoints, filterPointTypes, nextActiveOption } from '~/domain/stored-value-cards';
import type { CheckoutStoredValue } from '~/services/stored-value/stored-value.server';
import { useStoredValueCall } from './stored-value-call';
import { MessageRegions, useTimedMessage } from './timed-message';

type PointsType = { code: string; label: string; balance: number };

/**
 * The 'points' checkout slot (issue 11; spec §2 "Points-type dropdown", §4 "Loyalty points"):
 * each applied points type with its own Unapply, and for the types not applied yet a type chosen
 * from a searchable list, the points to use (capped at its balance) and Apply. Applied only when
 * the call answers 200; a failure shows 'Error' for 3 s.
 */
export function PointsBlock() {
  const flow = useCheckoutPayment();
  const storedValue = flow?.payment.storedValue;
  if (!flow || !storedValue || !storedValue.offered.includes('points')) return null;
  const types = storedValue.instruments.filter((i) => i.kind === 'points' && i.active).map((i) => ({ code: i.code, label: i.title, balance: i.balance }));
  if (types.length === 0) return null;
  return <Points flow={flow} storedValue={storedValue} types={types} />;
}

function Points({ flow, storedValue, types }: { flow: NonNullable<ReturnType<typeof useCheckoutPayment>>; storedValue: CheckoutStoredValue; types: PointsType[] }) {
  const t = useT();
  const { locale } = useShell();
  const titleId = useId();
  const quantityId = useId();
  const [chosen, setChosen] = useState<string | null>(types[0]!.code);
  const [typed, setTyped] = useState('0');
  const [message, show, clear] = useTimedMessage();
  const { busy, hydrated, send } = useStoredValueCall(flow);
  const locked = busy || !hydrated;
  const applied = storedValue.applied.filter((part) => part.kind === 'points');
  const open = types.filter((type) => !applied.some((part) => part.code === type.code));
  // The chosen type, or the first one still open once it is applied; none after Clear.
  const selected = chosen === null ? null : (open.find((type) => type.code === chosen) ?? open[0] ?? null);
  const points = selected ? enteredPoints(typed, selected.balance) : 0;

  async function call(pointsType: string, unapply: boolean) {
    clear();
    const answer = await send('/api/loyalty/applyPoints', {
      uuid: flow.hold,
      productType: loyaltyProductCode(flow.product),
      bookingAmount: minorToMajor(storedValue.chargeMinor),
      pointsQuantity: unapply ? 0 : points,
      pointsType,
      currency: storedValue.currency,
      unapply,
      // Spec §6: agents send their extra amount; this site adds none.
      ...(storedValue.agent ? { agent_extra_amount: 0 } : {}),
    });
    if (!answer.ok) return show({ tone: 'failure', text: t('points.error') });
    if (!unapply) setTyped('0');
  }

  return (
    <section className="stored-value-block" aria-labelledby={titleId} aria-busy={busy}>
      <h2 id={titleId}>{t('points.title')}</h2>
      {applied.map((part) => (
        <div key={part.id} className="stored-value-applied">
          <p>
            {t('points.applied', {
              points: part.units.toLocaleString(locale.language),
              label: part.title,
              amount: formatChargedAmount({ amountMinor: part.amountMinor, currency: part.currency }, locale.language),
            })}
          </p>
          <button type="button" className="button button-ghost" onClick={() => call(part.code, true)} disabled={locked} aria-label={`${t('stored.unapply')}: ${part.title}`}>
            {t('stored.unapply')}
          </button>
        </div>
      ))}
      {open.length > 0 ? (
        <>
          <div className="stored-value-row">
            <PointsTypeDropdown
              types={open}
              selected={selected}
              disabled={locked}
              onChoose={(code) => {
                setChosen(code);
                setTyped('0');
              }}
              onClear={() => {
                // Spec §2: the clear button resets the values to zeros.
                setChosen(null);
                setTyped('0');
              }}
            />
            <div className="stored-value-field">
              <label htmlFor={quantityId}>{t('points.quantity')}</label>
              <input
                id={quantityId}
                inputMode="numeric"
                autoComplete="off"
                value={typed === '' ? '' : String(points)}
                disabled={busy || !selected}
                onChange={(event) => setTyped(event.target.value.trim() === '' ? '' : event.target.value)}
              />
              {selected ? <p className="muted">{t('points.available', { points: selected.balance.toLocaleString(locale.language) })}</p> : null}
            </div>
          </div>
          <button type="button" className="button button-primary" onClick={() => selected && call(selected.code, false)} disabled={locked || !selected || points <= 0}>
            {t('stored.apply')}
          </button>
        </>
      ) : null}
      <MessageRegions message={message} />
    </section>
  );
}

/**
 * The points-type dropdown: a button that opens a search box (a combobox) over a listbox of the
 * types (WAI-ARIA combobox pattern: arrows, Home and End move, Enter chooses, Escape closes).
 */
function PointsTypeDropdown({
  types,
  selected,
  disabled,
  onChoose,
  onClear,
}: {
  types: PointsType[];
  selected: PointsType | null;
  disabled: boolean;
  onChoose: (code: string) => void;
  onClear: () => void;
}) {
  const t = useT();
  const { locale } = useShell();
  const labelId = useId();
  const buttonId = useId();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(-1);
  const button = useRef<HTMLButtonElement>(null);
  const shown = filterPointTypes(types, query);
  const optionId = (index: number) => `${listId}-option-${index}`;

  function close() {
    setOpen(false);
    setQuery('');
    setActive(-1);
    button.current?.focus();
  }
  function choose(type: PointsType) {
    onChoose(type.code);
    close();
  }
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const next = nextActiveOption(active, event.key, shown.length);
    if (next !== null) {
      event.preventDefault();
      setActive(next);
      document.getElementById(optionId(next))?.scrollIntoView({ block: 'nearest' });
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const type = shown[active];
      if (type) choose(type);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close();
    }
  }

  return (
    <div className="points-type stored-value-field">
      <span id={labelId}>{t('points.type')}</span>
      <div className="points-type-controls">
        <button
          ref={button}
          id={buttonId}
          type="button"
          className="points-type-button"
          aria-haspopup="listbox"
          aria-expanded={open}
          aria-labelledby={`${labelId} ${buttonId}`}
          disabled={disabled}
          onClick={() => (open ? close() : setOpen(true))}
        >
          {selected?.label ?? POINTS_DEFAULT_LABEL}
        </button>
        <button type="button" className="button button-ghost" onClick={onClear} disabled={disabled}>
          {t('points.clear')}
        </button>
      </div>
      {open ? (
        <div className="points-type-popup">
          <input
            role="combobox"
            aria-label={t('points.search')}
            aria-expanded="true"
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={active >= 0 && shown[active] ? optionId(active) : undefined}
            autoComplete="off"
            // eslint-disable-next-line jsx-a11y/no-autofocus -- the search box is what the button opened: it takes the focus, as a native select's list would
            autoFocus
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setActive(-1);
            }}
            onKeyDown={onKeyDown}
          />
          <ul role="listbox" id={listId} aria-labelledby={labelId} className="points-type-list" style={{ maxHeight: POINTS_LIST_MAX_HEIGHT_PX }}>
            {shown.map((type, index) => (
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the keys are the search box's (aria-activedescendant names the active option); an option takes no focus
              <li
                key={type.code}
                id={optionId(index)}
                role="option"
                aria-selected={type.code === selected?.code}
                className={index === active ? 'points-type-option active' : 'points-type-option'}
                onClick={() => choose(type)}
                onMouseMove={() => setActive(index)}
              >
                {t('points.option', { label: type.label, points: type.balance.toLocaleString(locale.language) })}
              </li>
            ))}
          </ul>
          {shown.length === 0 ? <p className="muted">{t('points.none')}</p> : null}
        </div>
      ) : null}
    </div>
  );
}
