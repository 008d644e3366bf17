import { type LoaderFunctionArgs, type MetaFunction, json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { getDb } from '~/services/platform/db.server';
import { getEnv } from '~/services/platform/env.server';
import { pageMeta } from '~/i18n/page-meta';

/** Development mail viewer: what the outbox holds for this organisation, newest first. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  // NOTE: read at run time: the build inlines process.env.NODE_ENV as 'production'.
  // Mails carry live sign-in tokens; this page must never exist in production.
  if (getEnv().appEnv === 'production') throw new Response('Not found', { status: 404 });
  const to = new URL(request.url).searchParams.get('to')?.trim().toLowerCase();
  let query = getDb()
    .selectFrom('outbox')
    .select(['id', 'recipient', 'subject', 'text_body', 'status', 'created_at'])
    .where('org_id', '=', context.org.orgId)
    .orderBy('id', 'desc')
    .limit(50);
  if (to) query = query.where('recipient', '=', to);
  const rows = await query.execute();
  return json(
    {
      messages: rows.map((r) => ({ ...r, links: r.text_body.match(/https?:\/\/\S+/g) ?? [] })),
    },
    { headers: { 'Cache-Control': 'no-store' } },
  );
}

export default function DevMail() {
  const { messages } = useLoaderData<typeof loader>();
  return (
    <section className="dev-mail" aria-labelledby="dev-mail-title">
      <h1 id="dev-mail-title">Development mail</h1>
      {messages.length === 0 ? <p>No messages yet.</p> : null}
      <ol className="dev-mail-list">
        {messages.map((m) => (
          <li key={m.id}>
            <article aria-label={m.subject}>
              <h2>{m.subject}</h2>
              <p>
                To {m.recipient} · {m.status} · {new Date(m.created_at).toISOString()}
              </p>
              <pre>{m.text_body}</pre>
              {m.links.length > 0 ? (
                <ul>
                  {m.links.map((link) => (
                    <li key={link}>
                      <a href={link}>{link}</a>
                    </li>
                  ))}
                </ul>
              ) : null}
            </article>
          </li>
        ))}
      </ol>
    </section>
  );
}

export const meta: MetaFunction = (args) => pageMeta(args, 'devMail');
