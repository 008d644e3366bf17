import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, json } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { configAllows } from '~/domain/config-access';
import { requireConsole } from '~/http/require-console.server';
import { consoleDiff, consoleProblems } from '~/services/config/config-console.server';
import { headOf, historyOf, rollbackTo } from '~/services/config/config-store.server';
import { getDb } from '~/services/platform/db.server';
import { ActionAnswer } from '~/components/admin/action-answer';
import { pageMeta } from '~/i18n/page-meta';

/** Every version of the organisation, newest first; the differences between any two (`?from=&to=`). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const db = getDb();
  const caller = await requireConsole(context, request.url, 'read');
  const params = new URL(request.url).searchParams;
  const history = await historyOf(db, caller.orgId, 200);
  const head = (await headOf(db, caller.orgId))!;
  const from = Number(params.get('from') ?? history[1]?.id ?? history[0]!.id);
  const to = Number(params.get('to') ?? history[0]!.id);
  const diff = await consoleDiff(db, caller, from, to);
  if (!diff) throw json({ message: 'Not found' }, { status: 404 });
  return json(
    {
      versions: history.map((v) => ({ id: v.id, parentId: v.parent_id, author: v.author, note: v.note, createdAt: v.created_at.toISOString(), schemaVersion: v.schema_version })),
      publishedId: head.publishedId,
      draftId: head.draftId,
      from,
      to,
      diff,
      canRollback: configAllows(caller.role, 'rollback'),
    },
    { headers: { 'Cache-Control': 'private, no-store' } },
  );
}

/** Rollback: the chosen version's content published again, as a new version. */
export async function action({ request, context }: ActionFunctionArgs) {
  const db = getDb();
  const caller = await requireConsole(context, request.url, 'rollback');
  const form = await request.formData();
  const result = await rollbackTo(db, { orgId: caller.orgId, versionId: Number(form.get('versionId')), actor: caller.actor, note: String(form.get('note') ?? '').slice(0, 500) });
  if (result.kind === 'rolled-back') return json({ message: `Published version ${result.version.id}, with the content of version ${String(form.get('versionId'))}.` });
  if (result.kind === 'invalid')
    return json({ message: 'That version no longer passes the checks and cannot be published again.', problems: consoleProblems(result.problems) }, { status: 422 });
  return json({ message: 'Not found' }, { status: 404 });
}

export default function AdminHistory() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <div className="admin-history-page">
      <ActionAnswer answer={answer} />
      <section aria-labelledby="compare">
        <h2 id="compare">
          Differences from version {data.from} to version {data.to}
        </h2>
        <Form method="get" className="admin-form admin-inline">
          <label htmlFor="from">From</label>
          <select id="from" name="from" defaultValue={data.from}>
            {data.versions.map((v) => (
              <option key={v.id} value={v.id}>
                {v.id}
              </option>
            ))}
          </select>
          <label htmlFor="to">To</label>
          <select id="to" name="to" defaultValue={data.to}>
            {data.versions.map((v) => (
              <option key={v.id} value={v.id}>
                {v.id}
              </option>
            ))}
          </select>
          <button type="submit">Compare</button>
        </Form>
        {data.diff.length === 0 ? (
          <p>No differences.</p>
        ) : (
          <ul className="admin-diff">
            {data.diff.map((line) => (
              <li key={`${line.pointer} ${line.text}`}>{line.text}</li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="versions">
        <h2 id="versions">Versions</h2>
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Version</th>
              <th scope="col">Written</th>
              <th scope="col">By</th>
              <th scope="col">Note</th>
              <th scope="col">State</th>
              {data.canRollback ? <th scope="col">Rollback</th> : null}
            </tr>
          </thead>
          <tbody>
            {data.versions.map((v) => (
              <tr key={v.id}>
                <td>{v.id}</td>
                <td>{new Date(v.createdAt).toUTCString()}</td>
                <td>{v.author}</td>
                <td>{v.note}</td>
                <td>{v.id === data.publishedId ? 'published' : v.id === data.draftId ? 'draft' : ''}</td>
                {data.canRollback ? (
                  <td>
                    {v.id === data.publishedId ? null : (
                      <Form method="post">
                        <input type="hidden" name="versionId" value={v.id} />
                        <button type="submit" aria-label={`Publish version ${v.id} again`}>
                          Publish again
                        </button>
                      </Form>
                    )}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}

export const meta: MetaFunction = (args) => pageMeta(args, 'admin');
