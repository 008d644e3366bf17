import { type LinksFunction, type LoaderFunctionArgs, type MetaFunction, json } from '@remix-run/node';
import { NavLink, Outlet, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { configAllows } from '~/domain/config-access';
import { consoleCallerOf } from '~/services/config/config-access.server';
import { getDb } from '~/services/platform/db.server';
import adminStyles from '~/styles/admin.css';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: adminStyles }];

export const meta: MetaFunction = () => [{ title: 'Configuration console' }, { name: 'robots', content: 'noindex' }];

/** The configuration console's frame (docs/decisions/0063): only for those with a role on the organisation; everyone else gets 404. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const caller = await consoleCallerOf(getDb(), context, request, 'read');
  return json({ orgId: caller.orgId, role: caller.role, canManage: configAllows(caller.role, 'manage') }, { headers: { 'Cache-Control': 'private, no-store' } });
}

export default function AdminConsole() {
  const { orgId, role, canManage } = useLoaderData<typeof loader>();
  return (
    <div className="admin">
      <header className="admin-head">
        <h1>Configuration console</h1>
        <p>
          Organisation <strong>{orgId}</strong> · your role: <strong>{role}</strong>
        </p>
        <nav aria-label="Console">
          <NavLink to="/admin" end>
            Overview
          </NavLink>
          <NavLink to="/admin/edit">Edit draft</NavLink>
          <NavLink to="/admin/history">History</NavLink>
          <NavLink to="/admin/audit">Audit log</NavLink>
          {canManage ? <NavLink to="/admin/roles">Roles</NavLink> : null}
        </nav>
      </header>
      <Outlet />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
