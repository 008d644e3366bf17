import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import type { ShouldRevalidateFunction } from '@remix-run/react';
import { json } from '@remix-run/node';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData, useRouteLoaderData } from '@remix-run/react';
import type { ReactNode } from 'react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { useNonce } from '~/components/nonce';
import { ThemeStyle } from '~/components/theme-style';
import { SiteShell } from '~/components/shell/site-shell';
import { type ShellData, loadShell } from '~/services/site/shell.server';
import appStyles from '~/styles/app.css';
import authStyles from '~/styles/auth.css';
import { applyRouteBehaviours } from '~/http/route-behaviours.server';
import { PageMessages } from '~/i18n/messages-context';
import { pageMeta } from '~/i18n/page-meta';
import { useFocusHeadingOnNavigation } from '~/components/focus-on-navigation';
import { useFraudWidgets } from '~/components/fraud/use-fraud-widgets';
import { FAVICON_PATH, MANIFEST_PATH } from '~/domain/site-files';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: appStyles },
  { rel: 'stylesheet', href: authStyles },
  // The organisation's own, by host (docs/decisions/0038).
  { rel: 'icon', href: FAVICON_PATH, type: 'image/svg+xml' },
  { rel: 'manifest', href: MANIFEST_PATH },
];

/**
 * Documents rendered without the site's shell: only the SSR benchmark's baseline, a bare
 * Remix "hello world" (app/routes/bench.hello.tsx), which must not pay for the shell.
 */
const BARE_DOCUMENT_PATHS = new Set(['/bench/hello']);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  if (BARE_DOCUMENT_PATHS.has(url.pathname)) return json(null);
  const shell = await loadShell(context, url);
  applyRouteBehaviours(url, shell);
  return json(shell);
}

/** The shell's ads depend on the path, so a client-side navigation to another page reloads them. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) => defaultShouldRevalidate || currentUrl.pathname !== nextUrl.pathname;

/** Pages name themselves (app/i18n/page-meta.ts); the root's error page is titled by its error. */
export const meta: MetaFunction<typeof loader> = ({ data, ...args }) => {
  const failed = args.error ? pageMeta(args, 'error') : [];
  return failed.length > 0 ? failed : [{ title: data?.org.name ?? 'Travel' }];
};

function Document({ children, shell }: { children: ReactNode; shell: ShellData | undefined }) {
  const nonce = useNonce();
  return (
    <html lang={shell?.locale.language ?? 'en-US'} data-org={shell?.org.orgId} data-header={shell?.org.headerVersion}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        {shell ? <ThemeStyle theme={shell.org.theme} /> : null}
      </head>
      <body>
        {shell ? <PageMessages path={shell.messagesPath}>{children}</PageMessages> : children}
        <ScrollRestoration nonce={nonce} />
        {/* The app waits for it before hydrating (entry.client). */}
        {shell ? <script async src={shell.messagesPath} nonce={nonce} data-page-messages="" /> : null}
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const shell = useLoaderData<typeof loader>();
  useFocusHeadingOnNavigation();
  useFraudWidgets(shell);
  if (!shell) {
    return (
      <Document shell={undefined}>
        <Outlet />
      </Document>
    );
  }
  return (
    <Document shell={shell}>
      <SiteShell>
        <Outlet />
      </SiteShell>
    </Document>
  );
}

export function ErrorBoundary() {
  const shell = useRouteLoaderData<ShellData>('root');
  return (
    <Document shell={shell}>
      {shell ? (
        <SiteShell>
          <GeneralErrorBoundary />
        </SiteShell>
      ) : (
        <main id="main">
          <GeneralErrorBoundary />
        </main>
      )}
    </Document>
  );
}
