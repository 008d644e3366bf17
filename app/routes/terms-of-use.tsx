import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { BlockList } from '~/blocks/registry';
import { loadPage } from '~/services/page.server';
import { legalMeta } from './privacy-policy';

export async function loader({ request, context }: LoaderFunctionArgs) {
  return json(await loadPage(context, new URL(request.url).pathname, 'terms-of-use'));
}

export default function TermsOfUsePage() {
  const { blocks } = useLoaderData<typeof loader>();
  return <BlockList blocks={blocks} />;
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => legalMeta(data, matches);
