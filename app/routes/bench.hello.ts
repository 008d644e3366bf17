/**
 * The baseline of the SSR benchmark (quality goal P1, bench/ssr.ts): the cheapest answer a
 * route of this build can give, through the same server and Remix handler as every page.
 */
export async function loader() {
  return new Response('<!DOCTYPE html><html lang="en"><head><title>Hello</title></head><body><p>Hello, world</p></body></html>', {
    headers: { 'Content-Type': 'text/html; charset=utf-8' },
  });
}
