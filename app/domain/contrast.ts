// WCAG 2.x contrast (https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio): what the console checks
// an organisation's theme colours against before an admin publishes them.

/** AA for normal text. */
export const AA_CONTRAST = 4.5;

/** A theme colour as the org config writes it: `#RRGGBB`. */
export const COLOR_PATTERN = '^#[0-9A-Fa-f]{6}$';

function luminance(hex: string): number {
  const value = hex.replace('#', '');
  const full = value.length === 3 ? [...value].map((c) => c + c).join('') : value.slice(0, 6);
  const channels = [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two #rgb / #rrggbb colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The theme's text-on-background pairs a visitor reads: [text colour, background colour]. */
export const THEME_TEXT_PAIRS = [
  ['onPrimary', 'primary'],
  ['text', 'surface'],
  ['text', 'surfaceAlt'],
  ['mutedText', 'surface'],
  ['headerText', 'headerBackground'],
  ['footerText', 'footerBackground'],
] as const;
