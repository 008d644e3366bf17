import { Form, useLocation } from '@remix-run/react';
import { useRef } from 'react';
import { useT } from '~/components/shell-context';
import type { UserDetailsRefusal } from '~/domain/user-details';
import type { BlockProps } from '../block-list';
import {
  ACTION,
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

const detailsFieldOrder = ['firstName', 'lastName', 'phone', 'nationality'] as const;

/** The user's own name, e-mail (read only: it is how they sign in), phone and nationality. */
export default function UserDetailsBlock({ data }: BlockProps<'profile.details'>) {
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
