import { useActionData, useLocation, useNavigation, useSearchParams } from '@remix-run/react';
import { type RefObject, useEffect, useRef } from 'react';
import { useT } from '~/components/shell-context';
import type { DetailsErrorKey, UserDetailsRefusal } from '~/domain/user-details';
import { readOutcome } from '~/domain/user-details';
import type { MessageKey } from '~/i18n';

/*
 * /user-details. Every form is a plain Remix <Form> posting to the page's action, so it
 * works before (or without) JavaScript; the server checks every field and answers with
 * messages that are shown next to the fields, and the first wrong field takes the focus.
 */

export const ACTION = '/user-details';

export type Countries = { code: string; name: string }[];

export type Values = Record<string, string | null | undefined>;

export type Errors = Partial<Record<string, DetailsErrorKey>>;

/** The refusal of the last post, when it came from the form named by `matches`. */
export function useRefusal<R extends UserDetailsRefusal>(matches: (refusal: UserDetailsRefusal) => refusal is R): R | null {
  const refusal = useActionData<UserDetailsRefusal>();
  return refusal && matches(refusal) ? refusal : null;
}

/** After a refused post, the first wrong field of this form takes the focus (with JavaScript; see `autoFocus` for without). */
export function useFocusFirstError(form: RefObject<HTMLFormElement>, refusal: object | null) {
  useEffect(() => {
    if (!refusal) return;
    const first = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    first?.focus();
  }, [form, refusal]);
}

/** A success message for `outcomes`, focused once shown so a screen reader reads it. */
export function Outcome({ outcomes }: { outcomes: ReturnType<typeof readOutcome>[] }) {
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

export function TextField(props: {
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

export function NationalityField({
  form,
  values,
  errors,
  countries,
  firstError,
}: {
  form: string;
  values: Values;
  errors: Errors;
  countries: Countries;
  firstError: string | undefined;
}) {
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

export function firstWrong(order: readonly string[], errors: Errors): string | undefined {
  return order.find((name) => errors[name]);
}

export function SubmitButton({ label, intent }: { label: string; intent: string }) {
  const t = useT();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
  return (
    <button type="submit" className="button button-primary" disabled={busy}>
      {busy ? t('app.loading') : label}
    </button>
  );
}
