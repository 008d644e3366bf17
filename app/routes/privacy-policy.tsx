import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { renderBlocks } from '~/blocks/block-list';
import { BLOCK_VIEWS } from '~/blocks/generated/views.privacy-policy';
import { loadPage } from '~/services/site/page.server';
import { type MetaArgs, pageMeta } from '~/i18n/page-meta';
import { CACHEABLE_FOR_ANONYMOUS_VISITORS } from '~/domain/page-cache';

/** The same for every anonymous visitor with the same language, currency, cookies and URL (decision 0035). */
export const handle = CACHEABLE_FOR_ANONYMOUS_VISITORS;

export async function loader({ request, context }: LoaderFunctionArgs) {
  return json(await loadPage(context, new URL(request.url).pathname, 'privacy-policy'));
}

export default function PrivacyPolicyPage() {
  const { blocks } = useLoaderData<typeof loader>();
  return renderBlocks(BLOCK_VIEWS, blocks);
}

export const meta: MetaFunction<typeof loader> = ({ data, ...args }) => legalMeta(data, args);

/** '<document title> · <org name>' from the legal block, and the legal pages' description. */
export function legalMeta(data: { blocks: { kind: string; data?: unknown }[] } | undefined, args: MetaArgs) {
  const doc = data?.blocks.find((b) => b.kind === 'block')?.data;
  const title =
    doc && typeof doc === 'object' && 'document' in doc && doc.document && typeof doc.document === 'object' && 'title' in doc.document ? String(doc.document.title) : '';
  return pageMeta(args, 'legal', () => title || null);
}
