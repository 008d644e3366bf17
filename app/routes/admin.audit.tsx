import { type LoaderFunctionArgs, type MetaFunction, json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { requireConsole } from '~/http/require-console.server';
import { getDb } from '~/services/platform/db.server';
import { pageMeta } from '~/i18n/page-meta';

/** The organisation's configuration audit log, newest first (append-only and hash-chained: npm run audit:verify). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const db = getDb();
  const caller = await requireConsole(context, request.url, 'read');
  const entries = await db
    .selectFrom('config_audit')
    .select(['seq', 'at', 'actor', 'action', 'version_id', 'note', 'detail'])
    .where('org_id', '=', caller.orgId)
    .orderBy('seq', 'desc')
    .limit(500)
    .execute();
  return json({ entries }, { headers: { 'Cache-Control': 'private, no-store' } });
}

export default function AdminAudit() {
  const { entries } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="audit">
      <h2 id="audit">Audit log</h2>
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Who</th>
            <th scope="col">What</th>
            <th scope="col">Version</th>
            <th scope="col">Note</th>
            <th scope="col">Details</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.seq}>
              <td>{new Date(e.at).toUTCString()}</td>
              <td>{e.actor}</td>
              <td>{e.action}</td>
              <td>{e.version_id ?? ''}</td>
              <td>{e.note}</td>
              <td>
                <code>{e.detail === '{}' ? '' : e.detail}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export const meta: MetaFunction = (args) => pageMeta(args, 'admin');
