import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { BlockList } from '~/blocks/registry';
import { loadPage } from '~/services/page.server';
import { CACHEABLE_FOR_ANONYMOUS_VISITORS } from '~/domain/page-cache';

/** The same for every anonymous visitor with the same language, currency, cookies and URL (decision 0035). */
export const handle = CACHEABLE_FOR_ANONYMOUS_VISITORS;

export async function loader({ request, context }: LoaderFunctionArgs) {
  return json(await loadPage(context, new URL(request.url).pathname, 'privacy-policy'));
}

export default function PrivacyPolicyPage() {
  const { blocks } = useLoaderData<typeof loader>();
  return <BlockList blocks={blocks} />;
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => legalMeta(data, matches);

/** '<document title> · <org name>' from the legal block and the root's org. */
export function legalMeta(data: { blocks: { kind: string; data?: unknown }[] } | undefined, matches: { id: string; data: unknown }[]) {
  const root = matches.find((m) => m.id === 'root')?.data;
  const orgName = root && typeof root === 'object' && 'org' in root && root.org && typeof root.org === 'object' && 'name' in root.org ? String(root.org.name) : '';
  const doc = data?.blocks.find((b) => b.kind === 'block')?.data;
  const title = doc && typeof doc === 'object' && 'document' in doc && doc.document && typeof doc.document === 'object' && 'title' in doc.document ? String(doc.document.title) : '';
  return [{ title: [title, orgName].filter(Boolean).join(' · ') }];
}
