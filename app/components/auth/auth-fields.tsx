import { type ReactNode, useId } from 'react';
import { useT } from '~/components/shell-context';

/** The pieces every auth form is made of: labelled fields, the announced error, the submit button. */
type FieldProps = {
  label: string;
  name: string;
  type?: string;
  autoComplete: string;
  defaultValue?: string;
  hint?: string;
  errorId?: string;
  invalid?: boolean;
  minLength?: number;
  maxLength?: number;
  required?: boolean;
};

export function Field({ label, name, type = 'text', autoComplete, defaultValue, hint, errorId, invalid, minLength, maxLength, required = true }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, invalid ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="auth-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        defaultValue={defaultValue}
        required={required}
        minLength={minLength}
        maxLength={maxLength}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
      />
      {hint ? (
        <p id={hintId} className="auth-hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function FormError({ id, error }: { id: string; error: string | undefined }) {
  // Always rendered so screen readers announce the message when it appears.
  return (
    <p id={id} role="alert" className={error ? 'auth-error' : 'auth-error auth-error-empty'}>
      {error ?? ''}
    </p>
  );
}

export function Submit({ busy, children }: { busy: boolean; children: ReactNode }) {
  const t = useT();
  return (
    <button type="submit" className="button button-primary auth-submit" aria-disabled={busy || undefined}>
      {busy ? t('auth.working') : children}
    </button>
  );
}
