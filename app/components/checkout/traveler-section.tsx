import { useActionData, useFetcher, useLocation } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { useT } from '~/components/shell-context';
import type { Traveler, TravelerField } from '~/domain/traveler';
import { type SavedTravelerChoice, travelerFieldsFrom } from '~/domain/user-details';
import type { TravelerResult } from '~/services/booking/checkout.server';
import { CHECKOUT_FORM_ID, TRAVELER_FETCHER_KEY } from './checkout-form';
import { DuplicateBookingDialog } from './guard-dialogs';

export type TravelerPrefill = { firstName: string; lastName: string; email: string } | null;

const fields: {
  name: TravelerField;
  label: 'checkout.firstName' | 'checkout.lastName' | 'checkout.email' | 'checkout.phone';
  type: string;
  autoComplete: string;
  required: boolean;
}[] = [
  { name: 'firstName', label: 'checkout.firstName', type: 'text', autoComplete: 'given-name', required: true },
  { name: 'lastName', label: 'checkout.lastName', type: 'text', autoComplete: 'family-name', required: true },
  { name: 'email', label: 'checkout.email', type: 'email', autoComplete: 'email', required: true },
  { name: 'phone', label: 'checkout.phone', type: 'tel', autoComplete: 'tel', required: false },
];

/**
 * Who is travelling, on every checkout: prefilled for a signed-in user, who can also fill it
 * from one of their saved travellers (`choices`, docs/decisions/0020); a guest (or someone
 * booking for another person) types the traveller's own details. The fields belong to the one
 * checkout form (its COMPLETE BOOKING saves them first, which starts the booking of the hold,
 * after the duplicate-guest guard: spec §2 Duplicate-booking modal).
 */
export function TravelerSection({ prefill, saved, choices }: { prefill: TravelerPrefill; saved: Traveler | null; choices: SavedTravelerChoice[] }) {
  const t = useT();
  const location = useLocation();
  const group = useRef<HTMLDivElement>(null);
  const problem = useRef<HTMLParagraphElement>(null);
  // Choosing fills the fields by script: without it the select would do nothing, so it is
  // offered once the page is interactive (the fields can always be typed).
  const [interactive, setInteractive] = useState(false);
  useEffect(() => setInteractive(true), []);
  // The submit saves through this fetcher, which keeps the page (and a hold made in the browser)
  // where it is; without JavaScript the form posts the page and the answer comes back as action data.
  const fetcher = useFetcher<{ traveler?: TravelerResult }>({ key: TRAVELER_FETCHER_KEY });
  const action = useActionData<{ traveler?: TravelerResult }>();
  const result = fetcher.data?.traveler ?? action?.traveler;
  const [duplicateOpen, setDuplicateOpen] = useState(result?.status === 'duplicate');
  useEffect(() => setDuplicateOpen(result?.status === 'duplicate'), [result]);
  // What to correct takes the focus, so it is read out and the visitor starts from it; it stays
  // until the form is sent again.
  useEffect(() => {
    if (result?.status === 'invalid' || result?.status === 'expired') problem.current?.focus();
  }, [result]);
  const values: Partial<Record<TravelerField, string | null>> = result && (result.status === 'invalid' || result.status === 'duplicate') ? result.values : (saved ?? prefill ?? {});
  const errors = result?.status === 'invalid' ? result.errors : {};

  /** Fills the fields from a saved traveller; they stay editable, as if typed. */
  function fillFrom(id: string) {
    const choice = choices.find((c) => c.id === id);
    if (!choice || !group.current) return;
    const filled = travelerFieldsFrom(choice, prefill?.email ?? '');
    for (const field of fields) {
      const input = group.current.querySelector(`[name="${field.name}"]`);
      if (input instanceof HTMLInputElement) input.value = filled[field.name];
    }
  }

  return (
    <section aria-labelledby="traveler-title" className="checkout-traveler">
      <h2 id="traveler-title">{t('checkout.traveler')}</h2>
      <p className="muted" id="traveler-hint">
        {t('checkout.travelerHint')}
      </p>
      <div ref={group} role="group" className="traveler-form" aria-labelledby="traveler-title" aria-describedby="traveler-hint">
        {result?.status === 'invalid' ? (
          <p ref={problem} role="alert" tabIndex={-1} className="field-error traveler-problem">
            {t('checkout.travelerProblem')}
          </p>
        ) : null}
        {interactive && choices.length > 0 ? (
          <div className="form-field">
            <label htmlFor="traveler-saved">{t('checkout.savedTraveler')}</label>
            {/* No name: the choice only fills the fields below, which are what is posted. */}
            <select id="traveler-saved" defaultValue="" aria-describedby="traveler-saved-hint" onChange={(event) => fillFrom(event.currentTarget.value)}>
              <option value="">{t('checkout.savedTravelerNone')}</option>
              {choices.map((choice) => (
                <option key={choice.id} value={choice.id}>
                  {choice.firstName} {choice.lastName}
                </option>
              ))}
            </select>
            <p id="traveler-saved-hint" className="muted">
              {t('checkout.savedTravelerHint')}
            </p>
          </div>
        ) : null}
        {fields.map((field) => {
          const error = errors[field.name];
          const id = `traveler-${field.name}`;
          return (
            <div key={`${field.name}-${result?.status ?? ''}`} className="form-field">
              <label htmlFor={id}>{t(field.label)}</label>
              <input
                id={id}
                form={CHECKOUT_FORM_ID}
                name={field.name}
                type={field.type}
                autoComplete={field.autoComplete}
                defaultValue={values[field.name] ?? ''}
                required={field.required}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
              />
              {error ? (
                <p id={`${id}-error`} className="field-error">
                  {t(error)}
                </p>
              ) : null}
            </div>
          );
        })}
        {result?.status === 'expired' ? (
          <p ref={problem} role="alert" tabIndex={-1} className="hold-notice hold-expired">
            {t('checkout.holdLapsed')}
          </p>
        ) : null}
        {(saved && !result) || result?.status === 'saved' ? (
          <p role="status" className="hold-notice">
            {t('checkout.travelerSaved')}
          </p>
        ) : null}
      </div>
      <DuplicateBookingDialog
        open={duplicateOpen}
        onChangeName={() => {
          setDuplicateOpen(false);
          // After the dialog has closed and handed focus back to its opener.
          requestAnimationFrame(() => {
            const input = document.getElementById('traveler-firstName');
            if (input instanceof HTMLInputElement) {
              input.focus();
              input.select();
            }
          });
        }}
        // Without JavaScript the dialog closes by loading the checkout again.
        changeNameHref={`${location.pathname}${location.search}#traveler-firstName`}
      />
    </section>
  );
}
