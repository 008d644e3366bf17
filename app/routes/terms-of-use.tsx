import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { renderBlocks } from '~/blocks/block-list';
import { BLOCK_VIEWS } from '~/blocks/generated/views.terms-of-use';
import { loadPage } from '~/services/site/page.server';
import { legalMeta } from './privacy-policy';
import { CACHEABLE_FOR_ANONYMOUS_VISITORS } from '~/domain/page-cache';

/** The same for every anonymous visitor with the same language, currency, cookies and URL (decision 0035). */
export const handle = CACHEABLE_FOR_ANONYMOUS_VISITORS;

export async function loader({ request, context }: LoaderFunctionArgs) {
  return json(await loadPage(context, new URL(request.url).pathname, 'terms-of-use'));
}

export default function TermsOfUsePage() {
  const { blocks } = useLoaderData<typeof loader>();
  return renderBlocks(BLOCK_VIEWS, blocks);
}

export const meta: MetaFunction<typeof loader> = ({ data, ...args }) => legalMeta(data, args);
