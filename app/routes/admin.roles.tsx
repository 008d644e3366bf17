import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, json } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { GRANTABLE_ROLES, isConfigRole } from '~/domain/config-access';
import { configRolesOf, setConfigRole } from '~/services/config/config-access.server';
import { requireConsole } from '~/http/require-console.server';
import { getDb } from '~/services/platform/db.server';
import { ActionAnswer } from '~/components/admin/action-answer';
import { pageMeta } from '~/i18n/page-meta';

/** Who may do what with the configuration: org admins give and take the organisation's roles. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const db = getDb();
  const caller = await requireConsole(context, request.url, 'manage');
  return json({ holders: await configRolesOf(db, caller.orgId), self: caller.actor.userId }, { headers: { 'Cache-Control': 'private, no-store' } });
}

const ANSWERS = {
  changed: ['Saved.', 200],
  'unknown-user': ['No user of this organisation has that e-mail.', 404],
  'not-grantable': ['That role cannot be given here.', 400],
  'own-role': ['You cannot change your own role.', 403],
} as const;

export async function action({ request, context }: ActionFunctionArgs) {
  const db = getDb();
  const caller = await requireConsole(context, request.url, 'manage');
  const form = await request.formData();
  const role = String(form.get('role') ?? '');
  if (role !== 'none' && !isConfigRole(role)) return json({ message: 'Choose a role.' }, { status: 400 });
  const result = await setConfigRole(db, caller, String(form.get('email') ?? ''), role === 'none' ? null : role);
  const [message, status] = ANSWERS[result.kind];
  return json({ message }, { status });
}

export default function AdminRoles() {
  const { holders, self } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <section aria-labelledby="roles">
      <h2 id="roles">Roles</h2>
      <ActionAnswer answer={answer} />
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">User</th>
            <th scope="col">Role</th>
          </tr>
        </thead>
        <tbody>
          {holders.map((h) => (
            <tr key={h.userId}>
              <td>{h.email}</td>
              <td>
                {h.role}
                {h.userId === self ? ' (you)' : ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Form method="post" className="admin-form">
        <label htmlFor="role-email">E-mail of a user of this organisation</label>
        <input id="role-email" name="email" type="email" required />
        <label htmlFor="role-role">Role</label>
        <select id="role-role" name="role" defaultValue="viewer">
          {GRANTABLE_ROLES.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
          <option value="none">no role</option>
        </select>
        <button type="submit">Save role</button>
      </Form>
    </section>
  );
}

export const meta: MetaFunction = (args) => pageMeta(args, 'admin');
