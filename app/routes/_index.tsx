import type { LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { BlockList } from '~/blocks/registry';
import { loadPage } from '~/services/page.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  return json(await loadPage(context, new URL(request.url).pathname, 'home'));
}

export default function HomePage() {
  const { blocks } = useLoaderData<typeof loader>();
  return <BlockList blocks={blocks} />;
}
