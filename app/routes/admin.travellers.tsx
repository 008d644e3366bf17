import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, json } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { ActionAnswer } from '~/components/admin/action-answer';
import { MAX_MIN_CHECKIN_DAYS } from '~/domain/lead-days';
import { requireConsole } from '~/http/require-console.server';
import { pageMeta } from '~/i18n/page-meta';
import { blockTraveller, setTravellerMinCheckinDays, watchedTravellers } from '~/services/fraud/fraud-admin.server';
import { getDb } from '~/services/platform/db.server';

/** Risky travellers (issue 37): org admins block them, or raise their minimum check-in days. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const caller = await requireConsole(context, request.url, 'manage');
  return json(
    { travellers: await watchedTravellers(getDb(), caller.orgId), orgMinCheckinDays: context.org.booking.minCheckinDays },
    { headers: { 'Cache-Control': 'private, no-store' } },
  );
}

const ANSWERS = {
  changed: ['Saved. Their open pages know within a second.', 200],
  'unknown-user': ['No user of this organisation has that e-mail.', 404],
  'own-account': ['You cannot do this to your own account.', 403],
  'already-blocked': ['That user is already blocked.', 409],
} as const;

export async function action({ request, context }: ActionFunctionArgs) {
  const db = getDb();
  const caller = await requireConsole(context, request.url, 'manage');
  const form = await request.formData();
  const email = String(form.get('email') ?? '');
  const note = String(form.get('note') ?? '').trim();
  if (note.length > 500) return json({ message: 'Keep the note under 500 characters.' }, { status: 400 });
  switch (form.get('intent')) {
    case 'block': {
      if (!note) return json({ message: 'Say why the user is blocked: the note goes into the audit log.' }, { status: 400 });
      const [message, status] = ANSWERS[(await blockTraveller(db, caller, email, note)).kind];
      return json({ message }, { status });
    }
    case 'min-days': {
      const raw = String(form.get('days') ?? '').trim();
      const days = raw === '' ? null : Number(raw);
      if (days !== null && !(Number.isInteger(days) && days >= 0 && days <= MAX_MIN_CHECKIN_DAYS)) {
        return json({ message: `Minimum check-in days: a whole number from 0 to ${MAX_MIN_CHECKIN_DAYS}, or empty for the organisation's.` }, { status: 400 });
      }
      const [message, status] = ANSWERS[(await setTravellerMinCheckinDays(db, caller, email, days, note)).kind];
      return json({ message }, { status });
    }
    default:
      return json({ message: 'Choose what to do.' }, { status: 400 });
  }
}

export default function AdminTravellers() {
  const { travellers, orgMinCheckinDays } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <section aria-labelledby="travellers">
      <h2 id="travellers">Travellers</h2>
      <ActionAnswer answer={answer} />
      {travellers.length === 0 ? (
        <p>No traveller is blocked or has a minimum check-in of their own.</p>
      ) : (
        <table className="admin-table">
          <caption>Blocked travellers and those with a minimum check-in of their own</caption>
          <thead>
            <tr>
              <th scope="col">User</th>
              <th scope="col">Status</th>
              <th scope="col">Minimum check-in</th>
            </tr>
          </thead>
          <tbody>
            {travellers.map((t) => (
              <tr key={t.email}>
                <td>
                  {t.name} ({t.email})
                </td>
                <td>{t.blocked ? 'Blocked' : 'Active'}</td>
                <td>{t.minCheckinDays === null ? `The organisation's (${orgMinCheckinDays} days)` : `${t.minCheckinDays} days`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Form method="post" className="admin-form" aria-labelledby="block-title">
        <h3 id="block-title">Block a traveller</h3>
        <p>They are signed out everywhere within a second and cannot sign in, book or pay.</p>
        <input type="hidden" name="intent" value="block" />
        <label htmlFor="block-email">E-mail of a user of this organisation</label>
        <input id="block-email" name="email" type="email" required />
        <label htmlFor="block-note">Why (kept in the audit log)</label>
        <input id="block-note" name="note" type="text" maxLength={500} required />
        <button type="submit">Block</button>
      </Form>
      <Form method="post" className="admin-form" aria-labelledby="days-title">
        <h3 id="days-title">Minimum check-in days</h3>
        <p>The earliest check-in this traveller may book: today plus these days. Empty: the organisation&apos;s ({orgMinCheckinDays}).</p>
        <input type="hidden" name="intent" value="min-days" />
        <label htmlFor="days-email">E-mail of a user of this organisation</label>
        <input id="days-email" name="email" type="email" required />
        <label htmlFor="days-days">Days</label>
        <input id="days-days" name="days" type="number" min={0} max={MAX_MIN_CHECKIN_DAYS} step={1} />
        <label htmlFor="days-note">Why (kept in the audit log)</label>
        <input id="days-note" name="note" type="text" maxLength={500} />
        <button type="submit">Save minimum</button>
      </Form>
    </section>
  );
}

export const meta: MetaFunction = (args) => pageMeta(args, 'admin');
