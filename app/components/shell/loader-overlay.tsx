import { useFetchers, useNavigation } from '@remix-run/react';
import { useT } from '~/components/shell-context';

/**
 * Shown while a navigation or a submission is in flight. The CSS fades it in after 200 ms,
 * so fast navigations never flash it.
 */
export function LoaderOverlay() {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const t = useT();
  const busy = navigation.state !== 'idle' || fetchers.some((f) => f.state !== 'idle');
  if (!busy) return null;
  return (
    <div className="loader-overlay" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="loader-text">{t('app.loading')}</span>
    </div>
  );
}
