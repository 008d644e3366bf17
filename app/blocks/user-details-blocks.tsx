import { Form, useActionData, useLocation, useNavigation, useSearchParams } from '@remix-run/react';
import { type RefObject, useEffect, useRef } from 'react';
import { useT } from '~/components/shell-context';
import type { DetailsErrorKey, UserDetailsRefusal } from '~/domain/user-details';
import { readOutcome } from '~/domain/user-details';
import type { MessageKey } from '~/i18n';
import type { BlockProps } from './block-list';

/*
 * /user-details. Every form is a plain Remix <Form> posting to the page's action, so it
 * works before (or without) JavaScript; the server checks every field and answers with
 * messages that are shown next to the fields, and the first wrong field takes the focus.
 */

const ACTION = '/user-details';

type Countries = { code: string; name: string }[];
type Values = Record<string, string | null | undefined>;
type Errors = Partial<Record<string, DetailsErrorKey>>;

/** The refusal of the last post, when it came from the form named by `matches`. */
function useRefusal<R extends UserDetailsRefusal>(matches: (refusal: UserDetailsRefusal) => refusal is R): R | null {
  const refusal = useActionData<UserDetailsRefusal>();
  return refusal && matches(refusal) ? refusal : null;
}

/** After a refused post, the first wrong field of this form takes the focus (with JavaScript; see `autoFocus` for without). */
function useFocusFirstError(form: RefObject<HTMLFormElement>, refusal: object | null) {
  useEffect(() => {
    if (!refusal) return;
    const first = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    first?.focus();
  }, [form, refusal]);
}

/** A success message for `outcomes`, focused once shown so a screen reader reads it. */
function Outcome({ outcomes }: { outcomes: ReturnType<typeof readOutcome>[] }) {
  const t = useT();
  const [params] = useSearchParams();
  const refusal = useActionData<UserDetailsRefusal>();
  const outcome = readOutcome(params.get('done'));
  const shown = outcome && outcomes.includes(outcome) && !refusal ? outcome : null;
  const ref = useRef<HTMLParagraphElement>(null);
  const { key } = useLocation();
  useEffect(() => {
    if (shown) ref.current?.focus();
  }, [shown, key]);
  return (
    <p ref={ref} role="status" tabIndex={-1} className={shown ? 'notice notice-success' : 'visually-hidden'}>
      {shown ? t(`userDetails.done.${shown}`) : ''}
    </p>
  );
}

function TextField(props: {
  form: string;
  name: string;
  label: MessageKey;
  type?: string;
  autoComplete: string;
  required?: boolean;
  values: Values;
  errors: Errors;
  firstError: string | undefined;
}) {
  const t = useT();
  const id = `${props.form}-${props.name}`;
  const error = props.errors[props.name];
  return (
    <div className="form-field">
      <label htmlFor={id}>{t(props.label)}</label>
      <input
        id={id}
        name={props.name}
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete}
        defaultValue={props.values[props.name] ?? ''}
        required={props.required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- without JavaScript the browser focuses the first wrong field of the answered page
        autoFocus={props.firstError === props.name}
      />
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}

function NationalityField({ form, values, errors, countries, firstError }: { form: string; values: Values; errors: Errors; countries: Countries; firstError: string | undefined }) {
  const t = useT();
  const id = `${form}-nationality`;
  const error = errors.nationality;
  return (
    <div className="form-field">
      <label htmlFor={id}>{t('userDetails.nationality')}</label>
      <select
        id={id}
        name="nationality"
        defaultValue={values.nationality ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- without JavaScript the browser focuses the first wrong field of the answered page
        autoFocus={firstError === 'nationality'}
      >
        <option value="">{t('userDetails.nationalityNone')}</option>
        {countries.map((country) => (
          <option key={country.code} value={country.code}>
            {country.name}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}

const travelerFieldOrder = ['firstName', 'lastName', 'dateOfBirth', 'nationality', 'email', 'phone'] as const;
const detailsFieldOrder = ['firstName', 'lastName', 'phone', 'nationality'] as const;

function firstWrong(order: readonly string[], errors: Errors): string | undefined {
  return order.find((name) => errors[name]);
}

function SubmitButton({ label, intent }: { label: string; intent: string }) {
  const t = useT();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
  return (
    <button type="submit" className="button button-primary" disabled={busy}>
      {busy ? t('app.loading') : label}
    </button>
  );
}

/** The user's own name, e-mail (read only: it is how they sign in), phone and nationality. */
export function UserDetailsBlock({ data }: BlockProps<'profile.details'>) {
  const t = useT();
  const { key } = useLocation();
  const form = useRef<HTMLFormElement>(null);
  const refusal = useRefusal((r): r is Extract<UserDetailsRefusal, { intent: 'details' }> => r.intent === 'details');
  useFocusFirstError(form, refusal);
  if (!data.details) return null;
  const values: Values = refusal?.values ?? data.details;
  const errors: Errors = refusal?.errors ?? {};
  const firstError = firstWrong(detailsFieldOrder, errors);
  return (
    <section className="user-details" aria-labelledby="user-details-title">
      <h1 id="user-details-title">{t('userDetails.title')}</h1>
      <p className="muted">{t('userDetails.intro')}</p>
      <Outcome outcomes={['details']} />
      <Form method="post" action={ACTION} ref={form} key={key} className="details-form" aria-labelledby="user-details-title" noValidate>
        <input type="hidden" name="intent" value="details" />
        <TextField form="details" name="firstName" label="checkout.firstName" autoComplete="given-name" required values={values} errors={errors} firstError={firstError} />
        <TextField form="details" name="lastName" label="checkout.lastName" autoComplete="family-name" required values={values} errors={errors} firstError={firstError} />
        <div className="form-field">
          <label htmlFor="details-email">{t('checkout.email')}</label>
          <input id="details-email" type="email" value={data.details.email} readOnly aria-describedby="details-email-hint" />
          <p id="details-email-hint" className="muted">
            {t('userDetails.emailHint')}
          </p>
        </div>
        <TextField form="details" name="phone" label="userDetails.phoneOptional" type="tel" autoComplete="tel" values={values} errors={errors} firstError={firstError} />
        <NationalityField form="details" values={values} errors={errors} countries={data.countries} firstError={firstError} />
        <SubmitButton label={t('userDetails.save')} intent="details" />
      </Form>
    </section>
  );
}

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
export function SavedTravelersBlock({ data }: BlockProps<'profile.travelers'>) {
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
