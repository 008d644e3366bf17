import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkConfigs, loadConfigRegistry, productionConfigProblems } from '~/services/config/config.server';

const repo = process.cwd();
let scratch: string | undefined;

/** A copy of the repository's configs, edited by `edit`, in a temporary folder. */
function configCopy(edit: (root: string) => void): string {
  scratch = mkdtempSync(path.join(tmpdir(), 'tp-configs-'));
  cpSync(path.join(repo, 'org-configs'), path.join(scratch, 'org-configs'), { recursive: true });
  cpSync(path.join(repo, 'layouts'), path.join(scratch, 'layouts'), { recursive: true });
  edit(scratch);
  return scratch;
}

function editJson(file: string, change: (value: Record<string, unknown>) => void) {
  const value = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  change(value);
  writeFileSync(file, JSON.stringify(value, null, 2));
}

function runValidator(root: string): { code: number; output: string } {
  try {
    const output = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/validate-configs.ts', root], {
      cwd: repo,
      encoding: 'utf8',
      env: { ...process.env, LOG_LEVEL: 'silent' },
    });
    return { code: 0, output };
  } catch (error) {
    const failed = error as { status: number; stdout: string };
    return { code: failed.status, output: failed.stdout };
  }
}

afterEach(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  scratch = undefined;
});

describe('organisation configs and layouts', () => {
  it('all validate and cross-check', () => {
    expect(checkConfigs(repo).problems).toEqual([]);
    const registry = loadConfigRegistry(repo);
    expect(registry.orgs.map((o) => o.orgId)).toEqual(['wanderly', 'voyagerpro', 'viajamas']);
    expect(registry.defaultOrg.orgId).toBe('wanderly');
    expect(new Set(registry.orgs.map((o) => o.headerVersion))).toEqual(new Set(['v1', 'v2', 'v3']));
  });

  it('npm run validate:configs passes on the repository', () => {
    const { code, output } = runValidator(repo);
    expect(code).toBe(0);
    expect(output).toMatch(/Configuration OK: 3 organisations/);
  });

  it('fails on an unknown headerVersion, naming the file and the path', () => {
    const root = configCopy((dir) => editJson(path.join(dir, 'org-configs/voyagerpro.json'), (c) => (c.headerVersion = 'v9')));
    const { code, output } = runValidator(root);
    expect(code).toBe(1);
    expect(output).toContain('org-configs/voyagerpro.json: headerVersion: must be one of "v1", "v2", "v3"');
  });

  it('refuses an unknown time zone, and a missing one; validate:configs fails on it', () => {
    const root = configCopy((dir) => {
      editJson(path.join(dir, 'org-configs/viajamas.json'), (c) => (c.timeZone = 'America/Atlantis'));
      editJson(path.join(dir, 'org-configs/wanderly.json'), (c) => delete c.timeZone);
    });
    const { code, output } = runValidator(root);
    expect(code).toBe(1);
    expect(output).toContain("org-configs/viajamas.json: timeZone: unknown time zone 'America/Atlantis'");
    expect(output).toContain("org-configs/wanderly.json: (root): missing required property 'timeZone'");
  });

  it('refuses a merchant account for a currency visitors cannot choose, or not a currency code (decision 0056)', () => {
    const root = configCopy((dir) => editJson(path.join(dir, 'org-configs/wanderly.json'), (c) => ((c.payments as Record<string, unknown>).merchantAccounts = { pesos: 'x' })));
    const lines = checkConfigs(root).problems.map((p) => `${p.file}: ${p.path}: ${p.message}`);
    expect(lines).toContain('org-configs/wanderly.json: payments.merchantAccounts: property name must be valid');
    const named = configCopy((dir) =>
      editJson(path.join(dir, 'org-configs/wanderly.json'), (c) => ((c.payments as Record<string, unknown>).merchantAccounts = { COP: 'wanderly_cop', JPY: 'wanderly_jpy' })),
    );
    const problems = checkConfigs(named).problems.map((p) => `${p.file}: ${p.path}: ${p.message}`);
    expect(problems).toContain('org-configs/wanderly.json: payments.merchantAccounts.COP: must be one of locale.currencies');
    expect(problems).toContain('org-configs/wanderly.json: payments.merchantAccounts.JPY: the gateway is sent amounts with two decimals; this currency has 0');
  });

  it('refuses a member rate outside 0–100 %, or for a product whose prices do not apply one', () => {
    const root = configCopy((dir) => editJson(path.join(dir, 'org-configs/wanderly.json'), (c) => ((c.membership as Record<string, unknown>).memberRates = { HLT: 150, CAR: 5 })));
    const lines = checkConfigs(root).problems.map((p) => `${p.file}: ${p.path}: ${p.message}`);
    expect(lines).toContain('org-configs/wanderly.json: membership.memberRates.HLT: must be <= 100');
    expect(lines).toContain('org-configs/wanderly.json: membership.memberRates: property name must be valid');
  });

  it('refuses a membership plan whose html template could write markup, a duplicate code, another currency or a missing default language', () => {
    const root = configCopy((dir) =>
      editJson(path.join(dir, 'org-configs/wanderly.json'), (c) => {
        const plans = (c.membership as { plans: Record<string, any>[] }).plans;
        plans[0]!.texts['en-US'].html = '<p onclick="steal()">{{{name}}}</p>';
        plans[1]!.code = plans[0]!.code;
        plans[1]!.currency = 'EUR';
        delete plans[2]!.texts['en-US'];
      }),
    );
    const lines = checkConfigs(root).problems.map((p) => `${p.file}: ${p.path}: ${p.message}`);
    expect(lines).toContain('org-configs/wanderly.json: membership.plans.0.texts.en-US.html: unescaped {{{ }}} or {{& }} output is not allowed');
    expect(lines).toContain("org-configs/wanderly.json: membership.plans.1.code: duplicate plan code 'ESSENTIAL'");
    expect(lines).toContain('org-configs/wanderly.json: membership.plans.1.currency: plans are charged in USD');
    expect(lines).toContain("org-configs/wanderly.json: membership.plans.2.texts: needs the default language 'en-US'");
  });

  it('refuses a booking e-mail template that does not render, lacks the default language or is in a language not offered; validate:configs fails on it', () => {
    const root = configCopy((dir) =>
      editJson(path.join(dir, 'org-configs/viajamas.json'), (c) => {
        const emails = (c.booking as { emails: Record<string, Record<string, { subject: string; body: string }>> }).emails;
        emails.confirmed!['es-MX']!.subject = 'Reserva {{bookingID}}';
        emails.cancelled!['es-MX']!.body = '{{#each itinerary}}{{name}}';
        delete emails.failed!['es-MX'];
        emails.failed!['fr-FR'] = { subject: 'Réservation {{bookingId}}', body: '{{bookingId}}' };
      }),
    );
    const lines = checkConfigs(root).problems.map((p) => `${p.file}: ${p.path}: ${p.message}`);
    expect(lines).toContainEqual(expect.stringMatching(/^org-configs\/viajamas\.json: booking\.emails\.confirmed\.es-MX\.subject: invalid template: "bookingID" not defined/));
    expect(lines).toContainEqual(expect.stringMatching(/^org-configs\/viajamas\.json: booking\.emails\.cancelled\.es-MX\.body: invalid template: /));
    expect(lines).toContain("org-configs/viajamas.json: booking.emails.failed: needs the default language 'es-MX'");
    expect(lines).toContain('org-configs/viajamas.json: booking.emails.failed.fr-FR: language not offered by locale.languages');
    const { code, output } = runValidator(root);
    expect(code).toBe(1);
    expect(output).toContain('booking.emails.confirmed.es-MX.subject');
  });

  it('names unknown properties, unknown block types and missing layouts', () => {
    const root = configCopy((dir) => {
      editJson(path.join(dir, 'org-configs/wanderly.json'), (c) => {
        c.colour = 'blue';
        (c.pages as Record<string, string>).home = 'home.missing';
      });
      editJson(path.join(dir, 'layouts/home.default.json'), (l) => {
        (l.blocks as unknown[]).push({ id: 'x', type: 'home.nope' });
      });
    });
    const lines = checkConfigs(root).problems.map((p) => `${p.file}: ${p.path}: ${p.message}`);
    expect(lines).toContain("org-configs/wanderly.json: (root): unrecognized property 'colour'");
    const count = (JSON.parse(readFileSync(path.join(repo, 'layouts/home.default.json'), 'utf8')) as { blocks: unknown[] }).blocks.length;
    expect(lines).toContain(`layouts/home.default.json: blocks.${count}: unknown type "home.nope"`);
  });

  it('refuses a block with props that do not match its schema', () => {
    const root = configCopy((dir) =>
      editJson(path.join(dir, 'layouts/home.default.json'), (l) => {
        const blocks = l.blocks as { type: string; props?: unknown }[];
        blocks.find((b) => b.type === 'home.featuredDestinations')!.props = { limit: 99 };
      }),
    );
    const lines = checkConfigs(root).problems.map((p) => `${p.file}: ${p.path}: ${p.message}`);
    const index = (JSON.parse(readFileSync(path.join(repo, 'layouts/home.default.json'), 'utf8')) as { blocks: { type: string }[] }).blocks.findIndex(
      (b) => b.type === 'home.featuredDestinations',
    );
    expect(lines).toContain(`layouts/home.default.json: blocks.${index}.props.limit: must be <= 24`);
  });

  it('refuses two organisations claiming one host', () => {
    const root = configCopy((dir) => editJson(path.join(dir, 'org-configs/viajamas.json'), (c) => (c.hosts = ['viajamas.localhost', 'wanderly.localhost'])));
    const lines = checkConfigs(root).problems.map((p) => `${p.file}: ${p.path}: ${p.message}`);
    expect(lines).toContain("org-configs/viajamas.json: hosts.1: host 'wanderly.localhost' is already used by org-configs/wanderly.json");
  });

  it('refuses a public origin on a host the organisation does not claim, or with a path', () => {
    const root = configCopy((dir) => {
      editJson(path.join(dir, 'org-configs/voyagerpro.json'), (c) => (c.publicOrigin = 'https://wanderly.localhost'));
      editJson(path.join(dir, 'org-configs/viajamas.json'), (c) => (c.publicOrigin = 'https://viajamas.localhost/es'));
    });
    const lines = checkConfigs(root).problems.map((p) => `${p.file}: ${p.path}: ${p.message}`);
    expect(lines).toContain("org-configs/voyagerpro.json: publicOrigin: host 'wanderly.localhost' is not one of hosts");
    expect(lines).toContain('org-configs/viajamas.json: publicOrigin: must match pattern "^https?://[a-z0-9.-]+(:[0-9]{1,5})?$"');
  });

  it('production needs every organisation to name an https public origin; the demo configs do not', () => {
    expect(productionConfigProblems(loadConfigRegistry(repo)).map((p) => `${p.file}: ${p.path}: ${p.message}`)).toEqual([
      'org-configs/wanderly.json: publicOrigin: required in production (e.g. "https://travel.example.com")',
      'org-configs/voyagerpro.json: publicOrigin: required in production (e.g. "https://travel.example.com")',
      'org-configs/viajamas.json: publicOrigin: required in production (e.g. "https://travel.example.com")',
    ]);
    const root = configCopy((dir) => {
      for (const org of ['wanderly', 'voyagerpro', 'viajamas']) {
        editJson(path.join(dir, `org-configs/${org}.json`), (c) => (c.publicOrigin = `https://${org}.localhost`));
      }
      editJson(path.join(dir, 'org-configs/viajamas.json'), (c) => (c.publicOrigin = 'http://viajamas.localhost:8080'));
    });
    expect(productionConfigProblems(loadConfigRegistry(root)).map((p) => `${p.file}: ${p.path}: ${p.message}`)).toEqual([
      'org-configs/viajamas.json: publicOrigin: must be https in production',
    ]);
  });
});

describe('sign-in layouts (docs/decisions/0027)', () => {
  const signIn = 'layouts/sign-in.default.json';
  const blockIndex = (file: string, type: string) =>
    (JSON.parse(readFileSync(path.join(repo, file), 'utf8')) as { blocks: { type: string }[] }).blocks.findIndex((b) => b.type === type);

  it('validate:configs names the file and path of an unknown sign-in block and of bad block props', () => {
    const root = configCopy((dir) =>
      editJson(path.join(dir, signIn), (l) => {
        const blocks = l.blocks as { id: string; type: string; props?: unknown }[];
        blocks.find((b) => b.type === 'auth.submit')!.props = { labelKey: 'Sign me in!' };
        blocks.find((b) => b.type === 'auth.forgotLink')!.props = { colour: 'red' };
        blocks.push({ id: 'social', type: 'auth.social' });
      }),
    );
    const { code, output } = runValidator(root);
    expect(code).toBe(1);
    const count = (JSON.parse(readFileSync(path.join(repo, signIn), 'utf8')) as { blocks: unknown[] }).blocks.length;
    expect(output).toContain(`${signIn}: blocks.${count}: unknown type "auth.social"`);
    expect(output).toContain(`${signIn}: blocks.${blockIndex(signIn, 'auth.submit')}.props.labelKey: must match pattern`);
    expect(output).toContain(`${signIn}: blocks.${blockIndex(signIn, 'auth.forgotLink')}.props: unrecognized property 'colour'`);
  });

  it('refuses a sign-in layout without its credentials form, and a block of another page', () => {
    const root = configCopy((dir) =>
      editJson(path.join(dir, signIn), (l) => {
        const blocks = l.blocks as { id: string; type: string }[];
        l.blocks = [...blocks.filter((b) => b.type !== 'auth.credentials'), { id: 'code', type: 'auth.invitationCode' }];
      }),
    );
    const lines = checkConfigs(root).problems.map((p) => `${p.file}: ${p.path}: ${p.message}`);
    expect(lines).toContain(`${signIn}: blocks: a sign-in layout needs a 'auth.credentials' block`);
    const last = blockIndex(signIn, 'auth.signUpLink');
    expect(lines).toContain(`${signIn}: blocks.${last}.type: 'auth.invitationCode' does not belong on a sign-in layout`);
  });

  it('refuses an unknown auth layout, invitation sign-up without the access-code block, and sign-in blocks on other pages', () => {
    const root = configCopy((dir) => {
      editJson(path.join(dir, 'org-configs/voyagerpro.json'), (c) => ((c.pages as Record<string, string>)['forgot-password'] = 'forgot.missing'));
      writeFileSync(
        path.join(dir, 'layouts/sign-up.email.json'),
        JSON.stringify({
          id: 'sign-up.email',
          kind: 'sign-up',
          blocks: [
            { id: 'account', type: 'auth.newAccount' },
            { id: 'submit', type: 'auth.submit' },
          ],
        }),
      );
      editJson(path.join(dir, 'org-configs/viajamas.json'), (c) => ((c.pages as Record<string, string>)['sign-up'] = 'sign-up.email'));
      editJson(path.join(dir, 'layouts/legal.terms.json'), (l) => (l.blocks as unknown[]).push({ id: 'sign-in', type: 'auth.credentials' }));
    });
    const lines = checkConfigs(root).problems.map((p) => `${p.file}: ${p.path}: ${p.message}`);
    expect(lines).toContain("org-configs/voyagerpro.json: pages.forgot-password: unknown layout 'forgot.missing'");
    expect(lines).toContain("org-configs/viajamas.json: auth.signupModes: offers 'invitation' but layout 'sign-up.email' has no 'auth.invitationCode' block");
    expect(lines).toContainEqual(
      expect.stringMatching(/^layouts\/legal\.terms\.json: blocks\.1\.type: 'auth\.credentials' does not belong on the terms-of-use page \(it may hold .*content\.legal.*\)$/),
    );
  });
});

describe('page layouts hold their page’s blocks (docs/decisions/0037)', () => {
  it('refuses an account block on a public page and a public block on an account page, naming the layout', () => {
    const root = configCopy((dir) => {
      editJson(path.join(dir, 'layouts/legal.terms.json'), (l) => (l.blocks as unknown[]).push({ id: 'topup', type: 'wallet.topup' }));
      editJson(path.join(dir, 'layouts/wallet.default.json'), (l) => (l.blocks as unknown[]).push({ id: 'hero', type: 'home.hero', props: { titleKey: 'home.hero.title' } }));
    });
    const lines = checkConfigs(root).problems.map((p) => `${p.file}: ${p.path}: ${p.message}`);
    expect(lines).toContainEqual(
      expect.stringMatching(/^layouts\/legal\.terms\.json: blocks\.1\.type: 'wallet\.topup' does not belong on the terms-of-use page \(it may hold .*content\.legal.*\)$/),
    );
    expect(lines).toContain("layouts/wallet.default.json: blocks.1.type: 'home.hero' does not belong on the wallet page (it may hold wallet.topup)");
  });
});

describe('checkout layouts (issue 10: checkout as a layout)', () => {
  const layoutFile = 'layouts/checkout.default.json';
  type CheckoutBlocks = { id: string; type: string; props?: Record<string, unknown> }[];
  const blocksOf = (layout: Record<string, unknown>) => layout.blocks as CheckoutBlocks;
  const repoBlocks = () => (JSON.parse(readFileSync(path.join(repo, layoutFile), 'utf8')) as { blocks: CheckoutBlocks }).blocks;

  it('every organisation chooses a checkout layout that exists', () => {
    const registry = loadConfigRegistry(repo);
    for (const org of registry.orgs) {
      const id = typeof org.pages.checkout === 'string' ? org.pages.checkout : org.pages.checkout.default;
      expect(registry.layouts.get(id)?.kind, org.orgId).toBe('checkout');
    }
  });

  it('npm run validate:configs names file and path for an unknown checkout block', () => {
    const root = configCopy((dir) => editJson(path.join(dir, layoutFile), (l) => blocksOf(l).push({ id: 'raffle', type: 'checkout.raffle' })));
    const { code, output } = runValidator(root);
    expect(code).toBe(1);
    expect(output).toContain(`${layoutFile}: blocks.${repoBlocks().length}: unknown type "checkout.raffle"`);
  });

  it('npm run validate:configs names file and path for bad block props', () => {
    const root = configCopy((dir) =>
      editJson(path.join(dir, layoutFile), (l) => {
        blocksOf(l).find((b) => b.type === 'checkout.summary')!.props = { showImage: 'yes' };
        blocksOf(l).find((b) => b.type === 'checkout.slot')!.props = { name: 'lottery' };
      }),
    );
    const { code, output } = runValidator(root);
    expect(code).toBe(1);
    const summary = repoBlocks().findIndex((b) => b.type === 'checkout.summary');
    const slot = repoBlocks().findIndex((b) => b.type === 'checkout.slot');
    expect(output).toContain(`${layoutFile}: blocks.${summary}.props.showImage: must be boolean`);
    expect(output).toMatch(new RegExp(`${layoutFile.replace(/\./g, '\\.')}: blocks\\.${slot}\\.props\\.name: must be one of "coupons"`));
  });

  it('npm run validate:configs names file and path for a missing required block, and allows dropping an optional one', () => {
    const root = configCopy((dir) =>
      editJson(path.join(dir, layoutFile), (l) => {
        l.blocks = blocksOf(l).filter((b) => b.type !== 'checkout.submit' && b.type !== 'checkout.payment' && b.type !== 'checkout.price');
      }),
    );
    const { code, output } = runValidator(root);
    expect(code).toBe(1);
    expect(output).toContain(`${layoutFile}: blocks: a checkout needs a 'checkout.payment' block`);
    expect(output).toContain(`${layoutFile}: blocks: a checkout needs a 'checkout.submit' block`);
    expect(output).not.toContain('checkout.price');
  });

  it('names an organisation whose checkout layout, or one per product, does not exist', () => {
    const root = configCopy((dir) =>
      editJson(
        path.join(dir, 'org-configs/voyagerpro.json'),
        (c) => ((c.pages as Record<string, unknown>).checkout = { default: 'checkout.missing', byProduct: { CAR: 'checkout.cars' } }),
      ),
    );
    const lines = checkConfigs(root).problems.map((p) => `${p.file}: ${p.path}: ${p.message}`);
    expect(lines).toContain("org-configs/voyagerpro.json: pages.checkout.default: unknown layout 'checkout.missing'");
    expect(lines).toContain("org-configs/voyagerpro.json: pages.checkout.byProduct.CAR: unknown layout 'checkout.cars'");
  });

  it('npm run validate:configs names file and path for a second block of one type and a second slot of one name; other slots may repeat their type', () => {
    const root = configCopy((dir) =>
      editJson(path.join(dir, layoutFile), (l) => {
        const blocks = blocksOf(l);
        blocks.push(
          { id: 'payment-2', type: 'checkout.payment' },
          { id: 'submit-2', type: 'checkout.submit' },
          { id: 'membership-2', type: 'checkout.slot', props: { name: 'membership' } },
        );
      }),
    );
    const { code, output } = runValidator(root);
    expect(code).toBe(1);
    const n = repoBlocks().length;
    expect(output).toContain(`${layoutFile}: blocks.${n}: a checkout has one 'checkout.payment' block`);
    expect(output).toContain(`${layoutFile}: blocks.${n + 1}: a checkout has one 'checkout.submit' block`);
    expect(output).toContain(`${layoutFile}: blocks.${n + 2}: a checkout has one slot 'membership'`);
    // The repository's layout has several slots, each of its own name: none is named.
    expect(repoBlocks().filter((b) => b.type === 'checkout.slot').length).toBeGreaterThan(1);
    expect(output.match(/a checkout has one/g)).toHaveLength(3);
  });

  it('npm run validate:configs refuses a layout that shows no total: no price block and no mobile total', () => {
    const root = configCopy((dir) =>
      editJson(path.join(dir, layoutFile), (l) => {
        l.blocks = blocksOf(l).filter((b) => b.type !== 'checkout.price');
        blocksOf(l).find((b) => b.type === 'checkout.submit')!.props = { showMobileTotal: false };
      }),
    );
    const { code, output } = runValidator(root);
    expect(code).toBe(1);
    const submit = repoBlocks()
      .filter((b) => b.type !== 'checkout.price')
      .findIndex((b) => b.type === 'checkout.submit');
    expect(output).toContain(`${layoutFile}: blocks.${submit}.props.showMobileTotal: must not be false without a 'checkout.price' block: nothing would show the total`);
  });

  it('allows hiding the mobile total when the price block shows the total', () => {
    const root = configCopy((dir) => editJson(path.join(dir, layoutFile), (l) => (blocksOf(l).find((b) => b.type === 'checkout.submit')!.props = { showMobileTotal: false })));
    expect(checkConfigs(root).problems).toEqual([]);
  });

  it('allows dropping the price block when the mobile total shows (its default)', () => {
    const root = configCopy((dir) =>
      editJson(path.join(dir, layoutFile), (l) => {
        l.blocks = blocksOf(l).filter((b) => b.type !== 'checkout.price');
        delete blocksOf(l).find((b) => b.type === 'checkout.submit')!.props;
      }),
    );
    expect(checkConfigs(root).problems).toEqual([]);
  });

  it('names an organisation that gives a checkout layout to a product without a checkout', () => {
    const root = configCopy((dir) =>
      editJson(
        path.join(dir, 'org-configs/voyagerpro.json'),
        (c) =>
          ((c.pages as Record<string, unknown>).checkout = {
            default: 'checkout.default',
            byProduct: { WEEKS: 'checkout.default', SUB: 'checkout.default', WLT: 'checkout.default', CAR: 'checkout.default' },
          }),
      ),
    );
    const lines = checkConfigs(root).problems.map((p) => `${p.file}: ${p.path}: ${p.message}`);
    expect(lines).toEqual([
      "org-configs/voyagerpro.json: pages.checkout.byProduct.WEEKS: 'WEEKS' has no checkout",
      "org-configs/voyagerpro.json: pages.checkout.byProduct.SUB: 'SUB' has no checkout",
      "org-configs/voyagerpro.json: pages.checkout.byProduct.WLT: 'WLT' has no checkout",
    ]);
  });
});
