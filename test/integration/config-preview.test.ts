// Issue 36, "preview is the real site", for the pages that are not a layout of blocks on a page:
// an admin previewing a draft gets the draft's checkout layout on a real hold's checkout, and the
// draft's sign-in form in the shell (theme included), through the routes' own loaders; without the
// preview cookie, or with one from another session, the same requests get the published ones.
import { join } from 'node:path';
import type { LoaderFunctionArgs } from '@remix-run/node';
import { beforeAll, describe, expect, it } from 'vitest';
import * as checkout from '~/checkout/route';
import * as root from '~/root';
import type { RawBundle } from '~/domain/config-bundle';
import { readConfigFiles } from '~/services/config/config-check.server';
import { PREVIEW_COOKIE, PREVIEW_TTL_MS, previewToken } from '~/services/config/config-preview.server';
import { bundleOf, headOf, saveDraft, seedConfigStore, versionOf } from '~/services/config/config-store.server';
import { createSession } from '~/services/identity/session.server';
import { demoEmail } from '~/services/seed/demo-accounts';
import { offerSuppliers } from '~/services/suppliers/offers.server';
import { useSeededDatabase } from '../support/databases';
import { inDays } from '../support/dates';
import { hostOf } from '../support/http-client';
import { freshVisitorOn, loadContextFor } from '../support/load-context';
import { pageRequests } from '../support/page-requests';

const ORG = 'voyagerpro';
const site = `http://${hostOf(ORG)}`;
type Layout = { kind: string; id: string; blocks: { id: string; type: string }[] };

async function loaderData<T>(route: { loader: (args: LoaderFunctionArgs) => Promise<Response> }, path: string, cookie: string, params: Record<string, string> = {}): Promise<T> {
  const request = new Request(`${site}${path}`, { headers: { cookie } });
  return (await (await route.loader({ request, params, context: await loadContextFor(request) })).json()) as T;
}

describe('previewing a draft: checkout and sign-in', () => {
  const database = useSeededDatabase('pglite');
  let session = '';
  let preview = '';
  let otherPreview = '';

  beforeAll(async () => {
    await seedConfigStore(database.db, readConfigFiles(join(__dirname, '..', '..')).sources);
    const admin = await database.db.selectFrom('users').select('id').where('email_normalized', '=', demoEmail(ORG, 'admin')).executeTakeFirstOrThrow();
    session = (await createSession(freshVisitorOn(hostOf(ORG)), { userId: admin.id })).setCookie.split(';')[0]!;
    const other = (await createSession(freshVisitorOn(hostOf(ORG)), { userId: admin.id })).setCookie.split(';')[0]!;

    // The draft: the organisation's own checkout with the payment first, its own sign-in with the sign-up link first, another primary colour.
    const head = (await headOf(database.db, ORG))!;
    const bundle: RawBundle = structuredClone(bundleOf((await versionOf(database.db, ORG, head.draftId))!));
    const own = (id: string, newId: string, first: string) => {
      const layout = structuredClone(bundle.layouts[id]) as Layout;
      layout.id = newId;
      layout.blocks = [...layout.blocks.filter((b) => b.id === first), ...layout.blocks.filter((b) => b.id !== first)];
      bundle.layouts[newId] = layout;
    };
    own('checkout.default', 'checkout.voyagerpro', 'payment');
    own('sign-in.default', 'sign-in.voyagerpro', 'sign-up');
    const org = bundle.org as { pages: Record<string, string>; theme: { colors: { primary: string } } };
    org.pages.checkout = 'checkout.voyagerpro';
    org.pages['sign-in'] = 'sign-in.voyagerpro';
    org.theme.colors.primary = '#123456';
    const saved = await saveDraft(database.db, { orgId: ORG, baseId: head.draftId, bundle, actor: { userId: admin.id, name: 'admin' }, note: 'preview test' });
    expect(saved.kind).toBe('saved');
    const versionId = (saved as { version: { id: number } }).version.id;
    const tokenOf = (cookie: string) => previewToken(cookie.split('=')[1]!, ORG, versionId, Date.now() + PREVIEW_TTL_MS);
    preview = `${session}; ${PREVIEW_COOKIE}=${tokenOf(session)}`;
    // A preview cookie made in another session of the same admin does not preview in this one.
    otherPreview = `${session}; ${PREVIEW_COOKIE}=${tokenOf(other)}`;
  });

  it('renders a real hold’s checkout with the draft’s layout, and the published one without the cookie', async () => {
    const [activity] = await offerSuppliers.ACT.search(
      { destination: 'cancun', date: inDays(66), until: inDays(66), month: null, time: null, guests: 2, bags: 0, returnDate: null, returnTime: null },
      { orgId: ORG, userId: null, priceType: 'B2C' },
    );
    const slot = activity!.cheapest!.slots.find((s) => s.bookable)!;
    const hold = await pageRequests.holdOffer(
      new Request(`${site}/activities/checkout`, { method: 'POST', headers: { cookie: session } }),
      'activities',
      (() => {
        const form = new FormData();
        for (const [k, v] of Object.entries({
          destination: 'cancun',
          date: inDays(66),
          guests: '2',
          offer: activity!.slug,
          option: activity!.cheapest!.code,
          day: slot.day,
          time: slot.time,
        }))
          form.append(k, v);
        return form;
      })(),
      '198.51.100.77',
    );
    const path = `/activities/checkout?hold=${hold.token}`;
    const orderOf = async (cookie: string) => (await loaderData<{ layout: Layout }>(checkout as never, path, cookie, { product: 'activities' })).layout;
    const previewed = await orderOf(preview);
    expect(previewed.id).toBe('checkout.voyagerpro');
    expect(previewed.blocks[0]!.id).toBe('payment');
    for (const cookie of [session, otherPreview]) {
      const published = await orderOf(cookie);
      expect(published.id).toBe('checkout.default');
      expect(published.blocks[0]!.id).toBe('summary');
    }
  });

  it('renders the sign-in form and the theme of the draft in the shell', async () => {
    type Shell = { org: { theme: { colors: { primary: string } }; authLayouts: { signIn: { id: string }[] } | null } };
    const previewed = await loaderData<Shell>(root as never, '/auth/login', preview);
    expect(previewed.org.authLayouts!.signIn.map((b) => b.id)).toEqual(['sign-up', 'credentials', 'submit', 'forgot']);
    expect(previewed.org.theme.colors.primary).toBe('#123456');
    const published = await loaderData<Shell>(root as never, '/auth/login', session);
    expect(published.org.authLayouts!.signIn.map((b) => b.id)).toEqual(['credentials', 'submit', 'forgot', 'sign-up']);
    expect(published.org.theme.colors.primary).not.toBe('#123456');
  });
});
