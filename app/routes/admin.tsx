import { type LinksFunction, type LoaderFunctionArgs, type MetaFunction, json } from '@remix-run/node';
import { Outlet, useLoaderData, useLocation } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { configAllows } from '~/domain/config-access';
import { requireConsole } from '~/http/require-console.server';
import adminStyles from '~/styles/admin.css';
import { pageMeta } from '~/i18n/page-meta';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: adminStyles }];

/** Every console page is titled the same (the robots rule comes with /admin's Disallow in robots.txt). */
export const meta: MetaFunction = (args) => pageMeta(args, 'admin');

/** The configuration console's frame (docs/decisions/0063): only for those with a role on the organisation; everyone else gets 404. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const caller = await requireConsole(context, request.url, 'read');
  return json({ orgId: caller.orgId, role: caller.role, canManage: configAllows(caller.role, 'manage') }, { headers: { 'Cache-Control': 'private, no-store' } });
}

const SECTIONS = [
  { path: '/admin', label: 'Overview' },
  { path: '/admin/edit', label: 'Edit draft' },
  { path: '/admin/history', label: 'History' },
  { path: '/admin/audit', label: 'Audit log' },
  { path: '/admin/roles', label: 'Roles' },
  { path: '/admin/travellers', label: 'Travellers' },
  { path: '/admin/reviews', label: 'Fraud reviews' },
];

/** Sections for org admins only (the server refuses the others anyway). */
const MANAGING = new Set(['/admin/roles', '/admin/travellers', '/admin/reviews']);

export default function AdminConsole() {
  const { orgId, role, canManage } = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  return (
    <div className="admin">
      <header className="admin-head">
        <h1>Configuration console</h1>
        <p>
          Organisation <strong>{orgId}</strong> · your role: <strong>{role}</strong>
        </p>
        {/* Plain links, a document load each: leaving the editor with unsaved changes asks first (beforeunload). */}
        <nav aria-label="Console">
          {SECTIONS.filter((section) => canManage || !MANAGING.has(section.path)).map((section) => (
            <a key={section.path} href={section.path} aria-current={pathname === section.path ? 'page' : undefined}>
              {section.label}
            </a>
          ))}
        </nav>
      </header>
      <Outlet />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
