import { useT } from '~/components/shell-context';

/** A star rating drawn as ★ characters and read out as "4 stars". */
export function Stars({ count }: { count: number }) {
  const t = useT();
  return (
    <span role="img" aria-label={t('results.starsOption', { count })}>
      {'★'.repeat(count)}
    </span>
  );
}
