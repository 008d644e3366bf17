import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { OrgConfig } from '#schemas/org-config.schema';
import { iconOfLogo } from '~/domain/site-files';
import { LANDING_PAGES } from '~/products/registry';
import { landingPageOffered } from '~/domain/landing-pages';

const publicDir = path.resolve('public');
// By the loaded config: a reloaded configuration (a new logo) is a new object and a new icon.
const icons = new WeakMap<OrgConfig, Promise<string | null>>();

/** The organisation's icon, cut from its logo under public/ (read once per loaded configuration). */
export function organisationIcon(org: OrgConfig): Promise<string | null> {
  let icon = icons.get(org);
  if (!icon) {
    const file = path.join(publicDir, org.theme.logo.src);
    // Only a logo under public/ (the configuration names it by its URL path).
    icon = file.startsWith(`${publicDir}${path.sep}`) ? readFile(file, 'utf8').then(iconOfLogo, () => null) : Promise.resolve(null);
    icons.set(org, icon);
  }
  return icon;
}

/** The host's public pages, for its sitemap: home, the landing pages of what the organisation sells, the legal pages. */
export function publicPagePaths(org: OrgConfig): string[] {
  const landings = LANDING_PAGES.filter((page) => landingPageOffered(page.slug, org.products)).map((page) => `/${page.slug}`);
  return ['/', ...landings, '/privacy-policy', '/terms-of-use'];
}
