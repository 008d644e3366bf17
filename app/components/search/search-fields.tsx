import { useId } from 'react';
import { useT } from '~/components/shell-context';
import type { MessageKey } from '~/i18n';

export type Destination = { slug: string; name: string; country_name: string };

/**
 * Field wiring shared by the product search forms: ids, and each server error (a message
 * key) shown under its field and linked to it with aria-describedby.
 */
export function useSearchFields<Name extends string>(errors: Partial<Record<Name, string>>) {
  const t = useT();
  const id = useId();
  const idOf = (name: Name) => `${id}-${name}`;
  const field = (name: Name, param: string = name) => ({
    id: idOf(name),
    name: param,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${idOf(name)}-error` : undefined,
  });
  const error = (name: Name) => {
    const key = errors[name];
    return key ? (
      <p id={`${idOf(name)}-error`} className="field-error">
        {t(key as MessageKey)}
      </p>
    ) : null;
  };
  return { titleId: `${id}-title`, idOf, field, error };
}

/** The destination choice of a search form, wired through the form's `useSearchFields`. */
export function DestinationField({
  fields,
  destinations,
  value,
}: {
  fields: ReturnType<typeof useSearchFields<'destination'>>;
  destinations: Destination[];
  value: string | undefined;
}) {
  const t = useT();
  return (
    <div className="search-field search-destination">
      <label htmlFor={fields.idOf('destination')}>{t('search.destination')}</label>
      <select {...fields.field('destination')} defaultValue={value ?? ''} required>
        <option value="" disabled>
          {t('search.chooseDestination')}
        </option>
        {destinations.map((d) => (
          <option key={d.slug} value={d.slug}>
            {/* One text node: React marks the joins of separate ones with comments, 32 times over. */}
            {`${d.name}, ${d.country_name}`}
          </option>
        ))}
      </select>
      {fields.error('destination')}
    </div>
  );
}
