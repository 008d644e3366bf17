import { Form, useLocation } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { useT } from '~/components/shell-context';
import type { UserDetailsRefusal } from '~/domain/user-details';
import type { BlockProps } from '../block-list';
import {
  ACTION,
  type Countries,
  type Errors,
  NationalityField,
  Outcome,
  SubmitButton,
  TextField,
  type Values,
  firstWrong,
  useFocusFirstError,
  useRefusal,
} from '~/components/user-details/detail-fields';

const travelerFieldOrder = ['firstName', 'lastName', 'dateOfBirth', 'nationality', 'email', 'phone'] as const;

function TravelerFields({ form, values, errors, countries }: { form: string; values: Values; errors: Errors; countries: Countries }) {
  const firstError = firstWrong(travelerFieldOrder, errors);
  const shared = { form, values, errors, firstError };
  return (
    <>
      <TextField {...shared} name="firstName" label="checkout.firstName" autoComplete="off" required />
      <TextField {...shared} name="lastName" label="checkout.lastName" autoComplete="off" required />
      <TextField {...shared} name="dateOfBirth" label="userDetails.dateOfBirth" type="date" autoComplete="off" />
      <NationalityField {...shared} countries={countries} />
      <TextField {...shared} name="email" label="userDetails.emailOptional" type="email" autoComplete="off" />
      <TextField {...shared} name="phone" label="userDetails.phoneOptional" type="tel" autoComplete="off" />
    </>
  );
}

type Traveler = BlockProps<'profile.travelers'>['data']['travelers'][number];

function TravelerItem({ traveler, countries }: { traveler: Traveler; countries: Countries }) {
  const t = useT();
  const form = useRef<HTMLFormElement>(null);
  const refusal = useRefusal((r): r is Extract<UserDetailsRefusal, { intent: 'edit-traveler' }> => r.intent === 'edit-traveler' && r.travelerId === traveler.id);
  useFocusFirstError(form, refusal);
  // After any other answer (this traveller saved, another one changed) the editor closes.
  const editor = useRef<HTMLDetailsElement>(null);
  const { key } = useLocation();
  useEffect(() => {
    if (!refusal && editor.current) editor.current.open = false;
  }, [key, refusal]);
  const name = `${traveler.firstName} ${traveler.lastName}`;
  const formId = `traveler-${traveler.id}`;
  const facts = [traveler.dateOfBirthText ? t('userDetails.bornOn', { date: traveler.dateOfBirthText }) : null, traveler.nationalityName, traveler.email, traveler.phone].filter(
    (fact): fact is string => Boolean(fact),
  );
  return (
    <li className="saved-traveler">
      <p className="saved-traveler-name">{name}</p>
      {facts.length > 0 ? <p className="muted saved-traveler-facts">{facts.join(' · ')}</p> : null}
      <details ref={editor} className="saved-traveler-edit" open={refusal ? true : undefined}>
        <summary>
          {t('userDetails.travelers.edit')}
          <span className="visually-hidden"> {name}</span>
        </summary>
        <Form method="post" action={ACTION} ref={form} className="details-form" aria-label={t('userDetails.travelers.editOf', { name })} noValidate>
          <input type="hidden" name="intent" value="edit-traveler" />
          <input type="hidden" name="travelerId" value={traveler.id} />
          <TravelerFields form={formId} values={refusal?.values ?? traveler} errors={refusal?.errors ?? {}} countries={countries} />
          <SubmitButton label={t('userDetails.travelers.saveChanges')} intent="edit-traveler" />
        </Form>
      </details>
      <Form method="post" action={ACTION} className="saved-traveler-delete">
        <input type="hidden" name="intent" value="delete-traveler" />
        <input type="hidden" name="travelerId" value={traveler.id} />
        <button type="submit" className="button button-ghost">
          {t('userDetails.travelers.delete')}
          <span className="visually-hidden"> {name}</span>
        </button>
      </Form>
    </li>
  );
}

/** People the user often books for: a list to edit and delete, and a form to add one more. */
export default function SavedTravelersBlock({ data }: BlockProps<'profile.travelers'>) {
  const t = useT();
  const { key } = useLocation();
  const form = useRef<HTMLFormElement>(null);
  const addRefusal = useRefusal((r): r is Extract<UserDetailsRefusal, { intent: 'add-traveler' }> => r.intent === 'add-traveler');
  const limit = useRefusal((r): r is Extract<UserDetailsRefusal, { intent: 'limit' }> => r.intent === 'limit');
  useFocusFirstError(form, addRefusal);
  const limitRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (limit) limitRef.current?.focus();
  }, [limit]);
  return (
    <section className="saved-travelers" aria-labelledby="saved-travelers-title">
      <h2 id="saved-travelers-title">{t('userDetails.travelers.title')}</h2>
      <p className="muted">{t('userDetails.travelers.intro', { max: data.max })}</p>
      <Outcome outcomes={['added', 'updated', 'deleted']} />
      {data.travelers.length === 0 ? (
        <p>{t('userDetails.travelers.empty')}</p>
      ) : (
        <ul className="saved-traveler-list">
          {data.travelers.map((traveler) => (
            <TravelerItem key={traveler.id} traveler={traveler} countries={data.countries} />
          ))}
        </ul>
      )}
      <h3 id="new-traveler-title">{t('userDetails.travelers.add')}</h3>
      {limit ? (
        <p ref={limitRef} role="alert" tabIndex={-1} className="notice notice-warning">
          {t('userDetails.error.limit', { max: data.max })}
        </p>
      ) : null}
      <Form method="post" action={ACTION} ref={form} key={key} className="details-form" aria-labelledby="new-traveler-title" noValidate>
        <input type="hidden" name="intent" value="add-traveler" />
        <TravelerFields form="new-traveler" values={addRefusal?.values ?? {}} errors={addRefusal?.errors ?? {}} countries={data.countries} />
        <SubmitButton label={t('userDetails.travelers.addButton')} intent="add-traveler" />
      </Form>
    </section>
  );
}
