import type { PublicOrg } from '~/services/site/shell.server';
import { useNonce } from './nonce';

const cssName = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** Theme tokens as CSS custom properties on :root, in a nonce'd style element (no inline styles). */
export function ThemeStyle({ theme }: { theme: PublicOrg['theme'] }) {
  const nonce = useNonce();
  const vars = [...Object.entries(theme.colors).map(([key, value]) => `--color-${cssName(key)}:${value}`), `--radius:${theme.radius}`, `--font-family:${theme.fontFamily}`];
  return <style nonce={nonce} dangerouslySetInnerHTML={{ __html: `:root{${vars.join(';')}}` }} />;
}
