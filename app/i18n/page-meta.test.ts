import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { getOrgById } from '~/services/config/config.server';
import { pageMessages } from '~/services/site/messages.server';

// Issue 14: every page route's title and meta description are in the page's language and carry
// the organisation's name. Each page module's `meta` is called as Remix calls it, with the root's
// data of a Spanish (Viajamás) and an English (Wanderly) page.

/** Route modules that render a page: the app's route files with a component, and the shared modules mounted in remix.config.js. */
const pageModules = [
  ...readdirSync('app/routes')
    .filter((file) => file.endsWith('.tsx') && file !== 'bench.hello.tsx')
    .filter((file) => /export default|export \{[^}]*default/.test(readFileSync(`app/routes/${file}`, 'utf8')))
    .map((file) => ({ name: `routes/${file}`, path: '/', load: () => import(`../routes/${file.replace(/\.tsx$/, '')}.tsx`) })),
  { name: 'pages/results-route.tsx', path: '/search-detail', load: () => import('~/pages/results-route') },
  { name: 'pages/details-route.tsx', path: '/flight/details', load: () => import('~/pages/details-route') },
  { name: 'checkout/route.tsx', path: '/hotel-checkout', load: () => import('~/checkout/route') },
  // A route that failed is titled by its error (404: not found).
  { name: 'routes/auth.login.tsx (404)', path: '/auth/login', error: { status: 404 }, load: () => import('~/routes/auth.login') },
];

type Meta = (args: unknown) => { title?: string; name?: string; content?: string }[];

function rootMatch(orgId: string) {
  const org = getOrgById(orgId)!;
  const language = org.locale.defaultLanguage as 'en-US' | 'es-MX';
  const { path } = pageMessages(org, language);
  return { orgName: org.name, match: { id: 'root', data: { messagesPath: path, locale: { language }, org: { name: org.name } } } };
}

async function tagsOf(module: (typeof pageModules)[number], orgId: string) {
  const { meta } = (await module.load()) as { meta?: Meta };
  expect(meta, `${module.name} exports meta`).toBeTypeOf('function');
  const { match, orgName } = rootMatch(orgId);
  const location = { pathname: module.path, search: '', hash: '', state: null, key: 'default' };
  const tags = meta!({ data: undefined, matches: [match, { id: module.name, data: undefined }], location, params: {}, error: 'error' in module ? module.error : undefined });
  return { orgName, title: tags.find((tag) => 'title' in tag)?.title ?? '', description: tags.find((tag) => tag.name === 'description')?.content ?? '' };
}

describe('page titles and descriptions (issue 14)', () => {
  it('finds the page routes', () => {
    expect(pageModules.length).toBeGreaterThan(25);
  });

  for (const module of pageModules) {
    it(`${module.name}: titled '<page> · <organisation>' with a description naming it, in the page's language`, async () => {
      const spanish = await tagsOf(module, 'viajamas');
      const english = await tagsOf(module, 'wanderly');
      expect(spanish.title).toMatch(/^.+ · Viajamás$/);
      expect(spanish.description).toContain('Viajamás');
      expect(english.title).toMatch(/^.+ · Wanderly Travel$/);
      expect(english.description).toContain('Wanderly Travel');
      // Not the English words with the Spanish brand.
      expect(spanish.title.replace(' · Viajamás', '')).not.toBe(english.title.replace(' · Wanderly Travel', ''));
      expect(spanish.description.replace('Viajamás', '')).not.toBe(english.description.replace('Wanderly Travel', ''));
    });
  }

  it('a failed page is titled by its error', async () => {
    const login = pageModules.find((module) => module.name.endsWith('(404)'))!;
    expect((await tagsOf(login, 'viajamas')).title).toBe('Página no encontrada · Viajamás');
  });
});
