import type { LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { BlockList } from '~/blocks/registry';
import { loadPage } from '~/services/page.server';

export async function loader({ request }: LoaderFunctionArgs) {
  return json(await loadPage(request, 'home'));
}

export default function HomePage() {
  const { blocks } = useLoaderData<typeof loader>();
  return <BlockList blocks={blocks} />;
}
