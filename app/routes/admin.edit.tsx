import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { ConfigEditor } from '~/components/admin/config-editor';
import { configAllows } from '~/domain/config-access';
import type { RawBundle } from '~/domain/config-bundle';
import type { ClashChoices } from '~/domain/json-merge';
import { requireConsole } from '~/http/require-console.server';
import { consoleDraft, consoleSave, consoleValidate } from '~/services/config/config-console.server';
import { getDb } from '~/services/platform/db.server';
import { pageMeta } from '~/i18n/page-meta';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const caller = await requireConsole(context, request.url, 'read');
  return json({ ...(await consoleDraft(getDb(), caller)), orgId: caller.orgId, canSave: configAllows(caller.role, 'save') }, { headers: { 'Cache-Control': 'private, no-store' } });
}

type EditorRequest = { intent: 'validate' | 'save'; baseId: number; bundle: RawBundle; note?: string; choices?: ClashChoices };

const isBundle = (value: unknown): value is RawBundle =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as RawBundle).org === 'object' &&
  typeof (value as RawBundle).layouts === 'object' &&
  (value as RawBundle).layouts !== null;

/**
 * The editor's calls, as JSON in a form's `payload` field: `validate` (the one validator on an unsaved bundle, for anyone who
 * may read) and `save` (on a named base: merged when the draft moved on, 409 with the clashes when
 * both changed the same thing).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const payload = (await request.formData().catch(() => null))?.get('payload');
  const body = (() => {
    try {
      return typeof payload === 'string' ? (JSON.parse(payload) as EditorRequest) : null;
    } catch {
      return null;
    }
  })();
  if (!body || !isBundle(body.bundle) || !Number.isInteger(body.baseId))
    return json({ kind: 'bad-request', message: 'Send a bundle and the version it was edited from.' } as const, { status: 400 });
  const db = getDb();
  const bundle = { ...body.bundle, schemaVersion: Number(body.bundle.schemaVersion) };
  if (body.intent === 'validate') return json({ kind: 'validated', ...(await consoleValidate(db, await requireConsole(context, request.url, 'read'), bundle)) } as const);
  const caller = await requireConsole(context, request.url, 'save');
  const result = await consoleSave(db, caller, { baseId: body.baseId, bundle, note: String(body.note ?? '').slice(0, 500), choices: body.choices });
  if (result.kind === 'unknown-base') return json({ kind: 'bad-request', message: 'That version is not one of this organisation’s.' } as const, { status: 404 });
  return json(result, { status: result.kind === 'clash' ? 409 : 200 });
}

export default function AdminEdit() {
  const data = useLoaderData<typeof loader>();
  return <ConfigEditor {...data} bundle={data.bundle as RawBundle} />;
}

export const meta: MetaFunction = (args) => pageMeta(args, 'admin');
