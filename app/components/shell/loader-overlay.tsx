import { useFetchers, useNavigation } from '@remix-run/react';
import { useT } from '~/components/shell-context';

const writes = (method: string | undefined) => method !== undefined && method.toUpperCase() !== 'GET';

/**
 * What the page shows while the network works. A submission (a form or fetcher that changes
 * something) gets the loader overlay, which also keeps a second click off the page; a page or
 * data load gets a thin progress bar at the top and leaves the page usable. The CSS shows
 * either only after 200 ms, so fast navigations never flash them.
 */
export function LoaderOverlay() {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const t = useT();
  const submitting = (navigation.state !== 'idle' && writes(navigation.formMethod)) || fetchers.some((f) => f.state !== 'idle' && writes(f.formMethod));
  if (submitting) {
    return (
      <div className="loader-overlay" role="status" aria-live="polite">
        <span className="spinner" aria-hidden="true" />
        <span className="loader-text">{t('app.loading')}</span>
      </div>
    );
  }
  const loading = navigation.state !== 'idle' || fetchers.some((f) => f.state !== 'idle');
  return loading ? <div className="navigation-progress" role="progressbar" aria-label={t('app.loading')} /> : null;
}
