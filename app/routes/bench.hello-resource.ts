/**
 * The server floor of the SSR benchmark (bench/ssr.ts): the cheapest answer a route of this
 * build can give, through the same server and Remix handler as every page but with no
 * document render at all. Printed beside the baseline (`/bench/hello`) for reference.
 */
export async function loader() {
  return new Response('<!DOCTYPE html><html lang="en"><head><title>Hello</title></head><body><p>Hello, world</p></body></html>', {
    headers: { 'Content-Type': 'text/html; charset=utf-8' },
  });
}
