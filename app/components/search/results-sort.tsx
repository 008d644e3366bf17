import { useT } from '~/components/shell-context';

/** The end of every results filter form: the sort order and the Apply button (a plain GET). */
export function ResultsSortAndApply({ id, value, options }: { id: string; value: string; options: { value: string; label: string }[] }) {
  const t = useT();
  return (
    <>
      <label htmlFor={id}>{t('results.sort')}</label>
      <select id={id} name="sort" defaultValue={value}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <button type="submit" className="button">
        {t('results.apply')}
      </button>
    </>
  );
}
