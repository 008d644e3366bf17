import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, json } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { ActionAnswer } from '~/components/admin/action-answer';
import { requireConsole } from '~/http/require-console.server';
import { pageMeta } from '~/i18n/page-meta';
import { type ReviewAnswer, type ReviewVerdict, closeReview, openReviews } from '~/services/fraud/fraud-reviews.server';
import { getDb } from '~/services/platform/db.server';
import { type DraftBacktest, backtestDraft } from '~/services/fraud/fraud-backtest.server';
import { ACTION_ORDER, FRAUD_DECISION_RETENTION_DAYS } from '~/domain/fraud-risk';

/**
 * The fraud review queue (issue 37): payments the rules sent to review, with why; org admins
 * close them. `?days=N` also backtests the draft's fraud rules over the last N days' decisions.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const caller = await requireConsole(context, request.url, 'manage');
  const daysAsked = new URL(request.url).searchParams.get('days');
  const days = daysAsked === null ? null : Number(daysAsked);
  if (days !== null && !(Number.isInteger(days) && days >= 1 && days <= FRAUD_DECISION_RETENTION_DAYS)) {
    throw json({ message: `Backtest days: a whole number from 1 to ${FRAUD_DECISION_RETENTION_DAYS}.` }, { status: 400 });
  }
  const db = getDb();
  const [reviews, backtest] = await Promise.all([openReviews(db, caller.orgId), days === null ? null : backtestDraft(db, caller.orgId, days)]);
  return json({ reviews, backtest }, { headers: { 'Cache-Control': 'private, no-store' } });
}

const VERDICTS: Record<string, ReviewVerdict> = { approve: 'approved', refund: 'refunded', block: 'blocked' };

const REFUNDS = {
  'given-back': 'Its charge was given back.',
  retrying: 'The gateway did not answer: the charge is given back by the next sweep.',
  'nothing-charged': 'No card charge to give back.',
} as const;

function answerOf(answer: ReviewAnswer): [string, number] {
  switch (answer.kind) {
    case 'closed': {
      const done = {
        approved: 'Approved: the booking stands.',
        refunded: 'Refunded: the booking is cancelled.',
        blocked: 'Blocked: the traveller is signed out everywhere and the booking is cancelled.',
      }[answer.verdict];
      return [answer.refund === null ? done : `${done} ${REFUNDS[answer.refund]}`, 200];
    }
    case 'not-found':
      return ['No such review in this organisation.', 404];
    case 'already-closed':
      return ['Another admin closed this review first.', 409];
    case 'guest':
      return ['A guest booking has no account to block: refund it instead.', 409];
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const caller = await requireConsole(context, request.url, 'manage');
  const form = await request.formData();
  const verdict = VERDICTS[String(form.get('intent'))];
  const decisionId = Number(form.get('review'));
  const note = String(form.get('note') ?? '').trim();
  if (!verdict) return json({ message: 'Choose approve, refund or block.' }, { status: 400 });
  if (!Number.isSafeInteger(decisionId) || decisionId < 1) return json({ message: 'No such review in this organisation.' }, { status: 404 });
  if (note.length > 500) return json({ message: 'Keep the note under 500 characters.' }, { status: 400 });
  if (verdict !== 'approved' && !note) return json({ message: 'Say why: the note goes into the audit log.' }, { status: 400 });
  const [message, status] = answerOf(await closeReview(getDb(), caller, decisionId, verdict, note));
  return json({ message }, { status });
}

const amountOf = (minor: number | null, currency: string | null) => (minor === null || currency === null ? '—' : `${(minor / 100).toFixed(2)} ${currency}`);

const ACTION_LABELS = { require_3ds: 'Challenged (3-D Secure)', allow: 'Allowed', block: 'Blocked', review: 'Sent to review' } as const;

/** What the draft's rules would have done with the stored decisions. */
function BacktestResult({ result }: { result: DraftBacktest }) {
  if (result.kind === 'unknown-org') return <p role="status">This organisation has no stored configuration yet.</p>;
  if (result.kind === 'invalid-rules') {
    return <p role="status">The draft&apos;s fraud rules have {result.problems} problem(s): fix them in the draft&apos;s Fraud rules section first.</p>;
  }
  const { figures, days, draftId, truncated } = result;
  const changes = Object.entries(figures.changed);
  return (
    <div role="status">
      <table className="admin-table">
        <caption>
          Draft version {draftId} over the last {days} day(s): {figures.decisions} decision(s){truncated ? ' (the newest 100 000)' : ''}
        </caption>
        <thead>
          <tr>
            <th scope="col">Would be</th>
            <th scope="col">Decisions</th>
            <th scope="col">Amounts</th>
          </tr>
        </thead>
        <tbody>
          {ACTION_ORDER.map((action) => (
            <tr key={action}>
              <th scope="row">{ACTION_LABELS[action]}</th>
              <td>{figures.byAction[action].count}</td>
              <td>
                {Object.entries(figures.byAction[action].amounts)
                  .map(([currency, minor]) => amountOf(minor, currency))
                  .join(', ') || '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        {changes.length === 0
          ? 'No decision would change.'
          : `Changes from what was decided: ${changes.map(([change, count]) => `${count} ${change.replace('→', ' → ').replace(/_/g, ' ')}`).join('; ')}.`}
      </p>
    </div>
  );
}

export default function AdminReviews() {
  const { reviews, backtest } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state !== 'idle';
  return (
    <section aria-labelledby="reviews">
      <h2 id="reviews">Fraud reviews</h2>
      <p>Payments the organisation&apos;s fraud rules sent to review. They went through; approve them, or refund them (the booking is cancelled), or block the traveller.</p>
      <ActionAnswer answer={answer} />
      {reviews.length === 0 ? (
        <p>No payment is waiting for review.</p>
      ) : (
        <ol className="admin-list">
          {reviews.map((review) => (
            <li key={review.decisionId}>
              <article aria-labelledby={`review-${review.decisionId}`}>
                <h3 id={`review-${review.decisionId}`}>
                  {review.reference}: {amountOf(review.amountMinor, review.currency)}, risk {review.score}/100
                </h3>
                <p>
                  {review.traveller} ({review.accountEmail ?? 'guest'}), {review.product}, booking {review.bookingStatus}, paid{' '}
                  <time dateTime={review.at}>{review.at.slice(0, 16).replace('T', ' ')} UTC</time>
                </p>
                <p>Rules: {review.rules.join(', ') || 'none'}</p>
                <ul aria-label="Why">
                  {review.reasons.map((reason) => (
                    <li key={reason.signal}>
                      +{reason.points}: {reason.why}
                    </li>
                  ))}
                </ul>
                <Form method="post" className="admin-form" aria-label={`Close review of ${review.reference}`}>
                  <input type="hidden" name="review" value={review.decisionId} />
                  <label htmlFor={`note-${review.decisionId}`}>Note (kept in the audit log; needed to refund or block)</label>
                  <input id={`note-${review.decisionId}`} name="note" type="text" maxLength={500} />
                  <button type="submit" name="intent" value="approve" disabled={busy}>
                    Approve
                  </button>
                  <button type="submit" name="intent" value="refund" disabled={busy}>
                    Refund
                  </button>
                  <button type="submit" name="intent" value="block" disabled={busy || review.accountEmail === null}>
                    Block and refund
                  </button>
                </Form>
              </article>
            </li>
          ))}
        </ol>
      )}
      <h3 id="backtest">Test the draft&apos;s fraud rules</h3>
      <p>Replays the stored decisions of the last days against the rules in the current draft, before you publish them.</p>
      <Form method="get" className="admin-form" aria-labelledby="backtest">
        <label htmlFor="backtest-days">Days (1 to {FRAUD_DECISION_RETENTION_DAYS})</label>
        <input id="backtest-days" name="days" type="number" min={1} max={FRAUD_DECISION_RETENTION_DAYS} step={1} defaultValue={30} required />
        <button type="submit" disabled={busy}>
          Run backtest
        </button>
      </Form>
      {backtest ? <BacktestResult result={backtest} /> : null}
    </section>
  );
}

export const meta: MetaFunction = (args) => pageMeta(args, 'admin');
