import { sql } from 'kysely';
import { destinations } from '~/domain/destinations-data';
import { currencies, languages } from '~/domain/reference-data';
import type { ConfigRegistry } from '../config/config.server';
import type { Database } from '../platform/db.server';
import { log } from '../platform/logger.server';
import { writeOrgRows } from '../config/config-store.server';
import { hashPassword } from '../identity/password.server';
import { seedCars } from './seed-cars.server';
import { clearReferenceCache } from '../catalog/reference-cache.server';
import { seedHolidayHomes, seedHotels } from './seed-catalog.server';
import { seedFlights } from './seed-flights.server';
import { seedOffers } from './seed-offers.server';
import { seedResorts } from './seed-resorts.server';
import { seedStoredValue } from './seed-stored-value.server';
import { DEMO_PASSWORD, type DemoAccount, demoAccounts, demoEmail } from './demo-accounts';

/** The destinations table rows, from the catalog data (images are served locally). */
export const destinationsSeed = destinations.map((d) => ({
  slug: d.slug,
  name: d.name,
  country_code: d.countryCode,
  country_name: d.countryName,
  latitude: d.latitude,
  longitude: d.longitude,
  time_zone: d.timeZone,
  airport_iata: d.airportIata,
  kind: d.kind,
  from_price_usd_minor: d.fromPriceUsdMinor,
  image_path: `/images/destinations/${d.slug}.svg`,
}));

/**
 * The demo start's data: reference data, the catalogue, then the demo accounts (ads are configuration: org-configs).
 * Idempotent: it adds only what is missing, so it runs on every demo start. With `reset`, the
 * demo accounts are restored in place (their sessions ended). Never in production (server/index.ts).
 */
export async function seedDemoData(db: Database, registry: ConfigRegistry, { reset = false } = {}) {
  await syncReferenceData(db, registry);
  await seedCatalogue(db);
  await seedDemoAccounts(db, registry, { reset });
}

/**
 * What every start needs, in production too: a row per configured organisation (mail, users
 * and bookings refer to it) and the languages and currencies the code knows.
 */
export async function syncReferenceData(db: Database, registry: ConfigRegistry) {
  await db.transaction().execute(async (trx) => {
    await syncLanguagesAndCurrencies(trx);
    // Plans refer to currencies: after them.
    for (const org of registry.orgs) await writeOrgRows(trx, org);
  });
  clearReferenceCache();
}

/** The languages and currencies the code knows, with a first exchange rate each. */
export async function syncLanguagesAndCurrencies(db: Database) {
  for (const language of languages) {
    await db
      .insertInto('languages')
      .values({ id: language.id, code: language.code, name: language.name })
      .onConflict((oc) => oc.column('id').doUpdateSet({ code: language.code, name: language.name }))
      .execute();
  }
  for (const c of currencies) {
    const row = { id: c.id, code: c.code, name: c.name, flag: c.flag, minor_digits: c.minorDigits };
    await db
      .insertInto('currencies')
      .values(row)
      .onConflict((oc) => oc.column('id').doUpdateSet(row))
      .execute();
    await db
      .insertInto('exchange_rates')
      .values({ currency_code: c.code, per_usd: c.perUsd })
      .onConflict((oc) => oc.column('currency_code').doNothing())
      .execute();
  }
}

/** Destinations and the seeded inventory; no accounts, so production may ask for it (SEED_ON_START=true). */
export async function seedCatalogue(db: Database) {
  const started = Date.now();
  await db.transaction().execute(async (trx) => {
    for (const d of destinationsSeed) {
      await trx
        .insertInto('destinations')
        .values(d)
        .onConflict((oc) => oc.column('slug').doUpdateSet(d))
        .execute();
    }
  });

  await db.transaction().execute((trx) => seedHotels(trx, destinationsSeed));
  await db.transaction().execute((trx) => seedHolidayHomes(trx, destinationsSeed));
  await db.transaction().execute((trx) => seedResorts(trx, destinationsSeed));
  await db.transaction().execute((trx) => seedCars(trx, destinationsSeed));
  await db.transaction().execute((trx) => seedFlights(trx));
  await db.transaction().execute((trx) => seedOffers(trx, destinationsSeed));
  clearReferenceCache();
  log.info('catalogue seeded', { ms: Date.now() - started });
}

/** The demo accounts (one password, published in README) and their console roles. Demo starts only. */
export async function seedDemoAccounts(db: Database, registry: ConfigRegistry, { reset = false } = {}) {
  const started = Date.now();
  // Each account is hashed outside a transaction: argon2 is slow on purpose and PGlite has one connection.
  let created = 0;
  for (const org of registry.orgs) {
    for (const account of demoAccounts) {
      const email = demoEmail(org.orgId, account.key);
      const exists = await db.selectFrom('users').select('id').where('org_id', '=', org.orgId).where('email_normalized', '=', email).executeTakeFirst();
      if (exists && !reset) continue;
      const passwordHash = await hashPassword(DEMO_PASSWORD);
      if (exists) {
        // Rebuilt in place, signed out everywhere: a demo account's ledger history is never deleted (decision 0030).
        await db.transaction().execute(async (trx) => {
          await trx
            .updateTable('users')
            .set({
              password_hash: passwordHash,
              first_name: account.firstName,
              last_name: account.lastName,
              role: account.role,
              is_demo: account.isDemo ?? false,
              is_blocked: account.isBlocked ?? false,
            })
            .where('id', '=', exists.id)
            .execute();
          await trx.deleteFrom('sessions').where('user_id', '=', exists.id).execute();
        });
        continue;
      }
      await db.transaction().execute(async (trx) => {
        const user = await trx
          .insertInto('users')
          .values({
            org_id: org.orgId,
            email,
            email_normalized: email,
            password_hash: passwordHash,
            first_name: account.firstName,
            last_name: account.lastName,
            role: account.role,
            is_demo: account.isDemo ?? false,
            is_blocked: account.isBlocked ?? false,
            nationality: org.locale.defaultLanguage.slice(3),
            preferred_language: null,
            preferred_currency: null,
            personal_picture: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (account.plan) {
          const plan = await trx.selectFrom('membership_plans').select('id').where('org_id', '=', org.orgId).where('code', '=', 'ESSENTIAL').executeTakeFirstOrThrow();
          const active = account.plan.status === 'ACTIVE';
          await trx
            .insertInto('user_subscriptions')
            .values({
              user_id: user.id,
              plan_id: plan.id,
              status: account.plan.status,
              member_since: sql<string>`(current_date - interval '14 months')::date`,
              expires_on: active ? sql<string>`(current_date + interval '10 months')::date` : sql<string>`(current_date - interval '2 months')::date`,
              debt_minor: account.plan.debtMinor,
              next_payment_by_org: org.membership.organisationPays,
            })
            .execute();
        }
      });
      created++;
    }
  }
  for (const org of registry.orgs) {
    for (const account of demoAccounts) {
      if (!account.configRole) continue;
      const user = await db
        .selectFrom('users')
        .select('id')
        .where('org_id', '=', org.orgId)
        .where('email_normalized', '=', demoEmail(org.orgId, account.key))
        .executeTakeFirstOrThrow();
      await db
        .insertInto('config_roles')
        .values({ org_id: org.orgId, user_id: user.id, role: account.configRole })
        .onConflict((oc) => oc.columns(['org_id', 'user_id']).doUpdateSet({ role: account.configRole! }))
        .execute();
    }
  }
  await seedInvoiceCredit(db, registry);
  await seedStoredValue(db, registry);
  log.info('seed finished', { reset, usersCreated: created, ms: Date.now() - started });
}

/**
 * The demo accounts present in a database, by e-mail, whatever their organisation: a
 * production server refuses to start while any exists (their password is public).
 */
export async function findDemoAccounts(db: Database, registry: ConfigRegistry): Promise<string[]> {
  const emails = registry.orgs.flatMap((org) => demoAccounts.map((a) => demoEmail(org.orgId, a.key)));
  const rows = await db.selectFrom('users').select('email_normalized').where('email_normalized', 'in', emails).orderBy('email_normalized').execute();
  return rows.map((r) => r.email_normalized);
}

/** The demo company whose accounts book on invoice, where the organisation offers invoice. */
export const DEMO_INVOICE_COMPANY = 'Demo Travel Desk';
/** Its credit line: 5,000.00 USD (decision 0019; README "Demo accounts"). */
export const DEMO_INVOICE_LIMIT_MINOR = 500_000;
const INVOICE_ACCOUNTS: readonly DemoAccount['key'][] = ['member', 'agent'];

/**
 * Invoice is credit (decision 0019): where an organisation offers invoice, its demo member and
 * agent belong to the demo company, which has a credit line. Other accounts have none until an
 * admin grants it (POST /api/admin/invoiceCredit). Idempotent.
 */
async function seedInvoiceCredit(db: Database, registry: ConfigRegistry) {
  for (const org of registry.orgs) {
    if (!org.payments.options.some((option) => option === 'invoice')) continue;
    await db
      .updateTable('users')
      .set({ company: DEMO_INVOICE_COMPANY })
      .where('org_id', '=', org.orgId)
      .where(
        'email_normalized',
        'in',
        INVOICE_ACCOUNTS.map((key) => demoEmail(org.orgId, key)),
      )
      .where('company', 'is', null)
      .execute();
    const line = await db.selectFrom('invoice_credit_lines').select('id').where('org_id', '=', org.orgId).where('company', '=', DEMO_INVOICE_COMPANY).executeTakeFirst();
    if (!line) {
      await db
        .insertInto('invoice_credit_lines')
        .values({ org_id: org.orgId, company: DEMO_INVOICE_COMPANY, user_id: null, limit_minor: DEMO_INVOICE_LIMIT_MINOR, currency: 'USD' })
        .execute();
    }
  }
}
