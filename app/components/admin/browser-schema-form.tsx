import { type ComponentProps, Suspense, lazy } from 'react';
import { useHydrated } from '~/components/use-hydrated';

/** A generated form's schema and field kinds, as the console's loader sends them (config-console.server.ts `CONSOLE_FORMS`). */
export type GeneratedForm = { schema: Record<string, unknown>; ui: Record<string, unknown> };

/**
 * The generated forms (react-jsonschema-form, decision 0064) load after the editor has painted, in
 * a chunk of their own, and render in the browser only: their templates set inline styles, which
 * the page's CSP refuses in server-rendered markup but not when React applies them.
 */
const LazySchemaForm = lazy(() => import('./schema-form').then((module) => ({ default: module.SchemaForm })));

export function BrowserSchemaForm(props: ComponentProps<typeof LazySchemaForm>) {
  const loading = <p className="admin-hint">Loading the form…</p>;
  return useHydrated() ? (
    <Suspense fallback={loading}>
      <LazySchemaForm {...props} />
    </Suspense>
  ) : (
    loading
  );
}
