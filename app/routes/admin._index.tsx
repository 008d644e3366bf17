import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, json } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { configAllows } from '~/domain/config-access';
import { requireConsole } from '~/http/require-console.server';
import { type ConsoleProblem, consoleOverview, consoleProblems } from '~/services/config/config-console.server';
import { approveDraft, publishDraft, setFourEyes } from '~/services/config/config-store.server';
import { getDb } from '~/services/platform/db.server';
import { ProblemList } from '~/components/admin/problem-list';
import { ActionAnswer } from '~/components/admin/action-answer';
import { pageMeta } from '~/i18n/page-meta';

const NO_STORE = { 'Cache-Control': 'private, no-store' };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const caller = await requireConsole(context, request.url, 'read');
  return json(
    {
      ...(await consoleOverview(getDb(), caller)),
      can: { publish: configAllows(caller.role, 'publish'), approve: configAllows(caller.role, 'approve'), manage: configAllows(caller.role, 'manage') },
    },
    { headers: NO_STORE },
  );
}

/** Publish (with a note), approve, four eyes: each checked against the caller's role on the server. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const intent = String(form.get('intent'));
  const versionId = Number(form.get('versionId'));
  const db = getDb();
  if (intent === 'publish') {
    const caller = await requireConsole(context, request.url, 'publish');
    const result = await publishDraft(db, { orgId: caller.orgId, versionId, actor: caller.actor, note: String(form.get('note') ?? '').slice(0, 500) });
    if (result.kind === 'published') return json({ message: `Published version ${result.version.id}.` });
    if (result.kind === 'invalid') return json({ message: 'Not published: the draft has problems.', problems: consoleProblems(result.problems) }, { status: 422 });
    if (result.kind === 'needs-approval') return json({ message: 'Not published: another publisher must approve this version first.' }, { status: 409 });
    if (result.kind === 'stale') return json({ message: 'Not published: the draft changed since you looked. Review it again.' }, { status: 409 });
    return json({ message: 'Not found' }, { status: 404 });
  }
  if (intent === 'approve') {
    const caller = await requireConsole(context, request.url, 'approve');
    const result = await approveDraft(db, { orgId: caller.orgId, versionId, actor: caller.actor });
    if (result.kind === 'approved') return json({ message: `Approved version ${versionId}.` });
    if (result.kind === 'own-version') return json({ message: 'You cannot approve your own version.' }, { status: 403 });
    if (result.kind === 'stale') return json({ message: 'The draft changed since you looked: review it again.' }, { status: 409 });
    return json({ message: 'Not found' }, { status: 404 });
  }
  if (intent === 'four-eyes') {
    const caller = await requireConsole(context, request.url, 'manage');
    await setFourEyes(db, { orgId: caller.orgId, on: form.get('on') === 'true', actor: caller.actor });
    return json({ message: form.get('on') === 'true' ? 'Publishing now needs a second publisher’s approval.' : 'Publishing no longer needs an approval.' });
  }
  return json({ message: 'Unknown action' }, { status: 400 });
}

export default function AdminOverview() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state !== 'idle';
  const unpublished = data.draft.id !== data.published.id;
  return (
    <div className="admin-overview">
      <ActionAnswer answer={answer} />
      <section aria-labelledby="state">
        <h2 id="state">Draft and published</h2>
        <p>
          Published: version {data.published.id} ({data.published.note || 'no note'}, by {data.published.author}).{' '}
          {unpublished ? `Draft: version ${data.draft.id} by ${data.draft.author}, not published yet.` : 'The draft is what is published.'}
        </p>
        <p>
          <Link to="/admin/edit">Edit the draft</Link>
        </p>
        <Form method="post" action="/admin/preview">
          <input type="hidden" name="versionId" value={data.draft.id} />
          <button type="submit" name="intent" value="start" disabled={data.problems.length > 0}>
            Preview draft {data.draft.id} on the site
          </button>
        </Form>
      </section>
      <section aria-labelledby="problems">
        <h2 id="problems">Problems</h2>
        <ProblemList problems={data.problems} />
      </section>
      <section aria-labelledby="changes">
        <h2 id="changes">Changes since version {data.published.id}</h2>
        {data.changes.length === 0 ? (
          <p>None.</p>
        ) : (
          <ul className="admin-diff">
            {data.changes.map((line) => (
              <li key={`${line.pointer} ${line.text}`}>{line.text}</li>
            ))}
          </ul>
        )}
      </section>
      {data.needsApproval ? (
        <section aria-labelledby="approvals">
          <h2 id="approvals">Approvals</h2>
          <p>{data.approvals.length === 0 ? 'Nobody has approved this draft yet.' : `Approved by ${data.approvals.join(', ')}.`}</p>
          {data.can.approve && unpublished ? (
            <Form method="post">
              <input type="hidden" name="versionId" value={data.draft.id} />
              <button type="submit" name="intent" value="approve" disabled={busy}>
                Approve version {data.draft.id}
              </button>
            </Form>
          ) : null}
        </section>
      ) : null}
      {data.can.publish ? (
        <section aria-labelledby="publish">
          <h2 id="publish">Publish</h2>
          <Form method="post" className="admin-form">
            <input type="hidden" name="versionId" value={data.draft.id} />
            <label htmlFor="publish-note">Note (what and why)</label>
            <input id="publish-note" name="note" required maxLength={500} />
            <button type="submit" name="intent" value="publish" disabled={busy || data.problems.length > 0 || !unpublished}>
              Publish version {data.draft.id}
            </button>
          </Form>
          {answer && 'problems' in answer ? <ProblemList problems={answer.problems as ConsoleProblem[]} /> : null}
        </section>
      ) : null}
      {data.can.manage ? (
        <section aria-labelledby="four-eyes">
          <h2 id="four-eyes">Four eyes</h2>
          <Form method="post">
            <input type="hidden" name="on" value={String(!data.needsApproval)} />
            <button type="submit" name="intent" value="four-eyes">
              {data.needsApproval ? 'Let publishers publish without an approval' : 'Require a second publisher’s approval to publish'}
            </button>
          </Form>
        </section>
      ) : null}
      <section aria-labelledby="recent">
        <h2 id="recent">Recent versions</h2>
        <ol className="admin-history">
          {data.history.map((v) => (
            <li key={v.id}>
              Version {v.id} · {v.author} · {new Date(v.createdAt).toUTCString()} · {v.note || 'no note'}
            </li>
          ))}
        </ol>
        <Link to="/admin/history">All versions, differences and rollback</Link>
      </section>
    </div>
  );
}

export const meta: MetaFunction = (args) => pageMeta(args, 'admin');
