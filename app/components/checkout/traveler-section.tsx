import { useActionData, useFetcher, useLocation } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { useT } from '~/components/shell-context';
import type { Traveler, TravelerField } from '~/domain/traveler';
import { type SavedTravelerChoice, travelerFieldsFrom } from '~/domain/user-details';
import type { TravelerResult } from '~/services/checkout.server';
import { DuplicateBookingDialog } from './guard-dialogs';

export type TravelerPrefill = { firstName: string; lastName: string; email: string } | null;

const fields: { name: TravelerField; label: 'checkout.firstName' | 'checkout.lastName' | 'checkout.email' | 'checkout.phone'; type: string; autoComplete: string; required: boolean }[] = [
  { name: 'firstName', label: 'checkout.firstName', type: 'text', autoComplete: 'given-name', required: true },
  { name: 'lastName', label: 'checkout.lastName', type: 'text', autoComplete: 'family-name', required: true },
  { name: 'email', label: 'checkout.email', type: 'email', autoComplete: 'email', required: true },
  { name: 'phone', label: 'checkout.phone', type: 'tel', autoComplete: 'tel', required: false },
];

/**
 * Who is travelling, on every checkout: prefilled for a signed-in user, who can also fill it
 * from one of their saved travellers (`choices`, docs/decisions/0020); a guest (or someone
 * booking for another person) types the traveller's own details. Continuing starts the
 * booking of the hold, after the duplicate-guest guard (spec §2 Duplicate-booking modal).
 */
export function TravelerSection({ hold, prefill, saved, choices }: { hold: string; prefill: TravelerPrefill; saved: Traveler | null; choices: SavedTravelerChoice[] }) {
  const t = useT();
  const location = useLocation();
  const form = useRef<HTMLFormElement>(null);
  // Choosing fills the fields by script: without it the select would do nothing, so it is
  // offered once the page is interactive (the fields can always be typed).
  const [interactive, setInteractive] = useState(false);
  useEffect(() => setInteractive(true), []);
  // A fetcher keeps the page (and a hold made in the browser) where it is; without
  // JavaScript the form posts the page and the answer comes back as action data.
  const fetcher = useFetcher<{ traveler?: TravelerResult }>();
  const action = useActionData<{ traveler?: TravelerResult }>();
  const result = fetcher.data?.traveler ?? action?.traveler;
  const [duplicateOpen, setDuplicateOpen] = useState(result?.status === 'duplicate');
  useEffect(() => setDuplicateOpen(result?.status === 'duplicate'), [result]);
  const submitting = fetcher.state !== 'idle';
  const values: Partial<Record<TravelerField, string | null>> =
    result && (result.status === 'invalid' || result.status === 'duplicate') ? result.values : (saved ?? prefill ?? {});
  const errors = result?.status === 'invalid' ? result.errors : {};

  /** Fills the fields from a saved traveller; they stay editable, as if typed. */
  function fillFrom(id: string) {
    const choice = choices.find((c) => c.id === id);
    if (!choice || !form.current) return;
    const filled = travelerFieldsFrom(choice, prefill?.email ?? '');
    for (const field of fields) {
      const input = form.current.elements.namedItem(field.name);
      if (input instanceof HTMLInputElement) input.value = filled[field.name];
    }
  }

  return (
    <section aria-labelledby="traveler-title" className="checkout-traveler">
      <h2 id="traveler-title">{t('checkout.traveler')}</h2>
      <p className="muted" id="traveler-hint">
        {t('checkout.travelerHint')}
      </p>
      <fetcher.Form ref={form} method="post" className="traveler-form" aria-labelledby="traveler-title" aria-describedby="traveler-hint">
        <input type="hidden" name="intent" value="traveler" />
        <input type="hidden" name="hold" value={hold} />
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
          <p role="alert" className="hold-notice hold-expired">
            {t('checkout.holdLapsed')}
          </p>
        ) : null}
        {(saved && !result) || result?.status === 'saved' ? (
          <p role="status" className="hold-notice">
            {t('checkout.travelerSaved')}
          </p>
        ) : null}
        <button type="submit" className="button button-primary" disabled={submitting}>
          {submitting ? t('app.loading') : t('checkout.continue')}
        </button>
      </fetcher.Form>
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
