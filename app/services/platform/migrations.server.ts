import { sql } from 'kysely';
import { type Migration, type MigrationProvider, Migrator, type MigratorProps } from 'kysely/migration';
import { addressKeyWith, readOrMakeKey } from './address-key.server';
import { log } from './logger.server';

/**
 * Migrations live in code (not files read at run time) so the same list runs from the
 * server, the seed script and the tests, on PGlite and on PostgreSQL alike.
 * Append only: never edit a migration that has shipped.
 */

/** The tables anonymous pages are rendered from (0025_content_version). */
const CONTENT_TABLES = [
  'organisations',
  'languages',
  'currencies',
  'exchange_rates',
  'ads',
  'destinations',
  'membership_plans',
  'hotels',
  'hotel_room_types',
  'resorts',
  'resort_unit_types',
  'resort_reviews',
  'car_rental_companies',
  'car_locations',
  'car_offers',
  'airlines',
  'flights',
  'flight_cabins',
  'fare_brands',
  'offers',
  'offer_options',
];

const migrations: Record<string, Migration> = {
  '0001_foundation': {
    async up(db) {
      await db.schema
        .createTable('organisations')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('org_number', 'integer', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();

      await db.schema
        .createTable('languages')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('currencies')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('flag', 'text', (c) => c.notNull())
        .addColumn('minor_digits', 'integer', (c) => c.notNull().check(sql`minor_digits between 0 and 4`))
        .execute();

      await db.schema
        .createTable('exchange_rates')
        .addColumn('currency_code', 'text', (c) => c.primaryKey().references('currencies.code').onDelete('cascade'))
        .addColumn('per_usd', sql`numeric(18,8)`, (c) => c.notNull().check(sql`per_usd > 0`))
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();

      await db.schema
        .createTable('users')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('public_id', 'uuid', (c) =>
          c
            .notNull()
            .unique()
            .defaultTo(sql`gen_random_uuid()`),
        )
        .addColumn('org_id', 'text', (c) => c.notNull().references('organisations.id'))
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('email_normalized', 'text', (c) => c.notNull())
        .addColumn('password_hash', 'text')
        .addColumn('first_name', 'text', (c) => c.notNull())
        .addColumn('last_name', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('member', 'agent', 'admin')`))
        .addColumn('is_demo', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('is_blocked', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('nationality', 'text')
        .addColumn('preferred_language', 'text')
        .addColumn('preferred_currency', 'text')
        .addColumn('personal_picture', 'text')
        .addColumn('usr_type', 'integer', (c) => c.notNull().defaultTo(2))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addUniqueConstraint('users_org_email_unique', ['org_id', 'email_normalized'])
        .execute();

      await db.schema
        .createTable('membership_plans')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('org_id', 'text', (c) => c.notNull().references('organisations.id'))
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('currency_code', 'text', (c) => c.notNull().references('currencies.code'))
        .addColumn('initial_price_minor', 'integer', (c) => c.notNull().check(sql`initial_price_minor >= 0`))
        .addColumn('renewal_price_minor', 'integer', (c) => c.notNull().check(sql`renewal_price_minor >= 0`))
        .addColumn('validity_months', 'integer', (c) => c.notNull().check(sql`validity_months > 0`))
        .addColumn('is_renewable', 'boolean', (c) => c.notNull())
        .addUniqueConstraint('membership_plans_org_code_unique', ['org_id', 'code'])
        .execute();

      await db.schema
        .createTable('user_subscriptions')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
        .addColumn('plan_id', 'integer', (c) => c.notNull().references('membership_plans.id'))
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('ACTIVE', 'EXPIRED')`))
        .addColumn('member_since', 'date', (c) => c.notNull())
        .addColumn('expires_on', 'date', (c) => c.notNull())
        .addColumn('debt_minor', 'integer', (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`debt_minor >= 0`),
        )
        .addColumn('next_payment_by_org', 'boolean', (c) => c.notNull().defaultTo(false))
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('public_id', 'text', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('impersonator_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

      await db.schema
        .createTable('auth_failures')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('account_key', 'text', (c) => c.notNull())
        .addColumn('failed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema.createIndex('auth_failures_key_time_idx').on('auth_failures').columns(['account_key', 'failed_at']).execute();

      await db.schema
        .createTable('one_time_tokens')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('password_reset', 'impersonation', 'signup')`))
        .addColumn('org_id', 'text', (c) => c.notNull().references('organisations.id'))
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('issued_by', 'integer', (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('payload', 'jsonb')
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .addColumn('used_at', 'timestamptz')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();

      await db.schema
        .createTable('outbox')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('org_id', 'text', (c) => c.notNull().references('organisations.id'))
        .addColumn('recipient', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('text_body', 'text', (c) => c.notNull())
        .addColumn('html_body', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) =>
          c
            .notNull()
            .defaultTo('pending')
            .check(sql`status in ('pending', 'sent', 'captured', 'failed')`),
        )
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('sent_at', 'timestamptz')
        .execute();

      await db.schema
        .createTable('ads')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('uuid', 'uuid', (c) =>
          c
            .notNull()
            .unique()
            .defaultTo(sql`gen_random_uuid()`),
        )
        .addColumn('org_id', 'text', (c) => c.notNull().references('organisations.id'))
        .addColumn('petition_type_str', 'text', (c) => c.notNull())
        .addColumn('priority', 'integer', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('subtitle', 'text', (c) => c.notNull())
        .addColumn('image_path', 'text', (c) => c.notNull())
        .addColumn('link_url', 'text', (c) => c.notNull())
        .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
        .execute();

      await db.schema
        .createTable('destinations')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('country_code', 'text', (c) => c.notNull())
        .addColumn('country_name', 'text', (c) => c.notNull())
        .addColumn('latitude', sql`numeric(9,6)`, (c) => c.notNull())
        .addColumn('longitude', sql`numeric(9,6)`, (c) => c.notNull())
        .addColumn('image_path', 'text', (c) => c.notNull())
        .addColumn('from_price_usd_minor', 'integer', (c) => c.notNull().check(sql`from_price_usd_minor >= 0`))
        .execute();
    },
  },
  '0002_outbox_lease': {
    // Delivery claims rows with a lease instead of holding a transaction across SMTP.
    async up(db) {
      await db.schema.alterTable('outbox').addColumn('claimed_until', 'timestamptz').execute();
      await db.schema.createIndex('outbox_pending_idx').on('outbox').column('id').where(sql.ref('status'), '=', 'pending').execute();
    },
  },
  '0003_inventory_holds': {
    /**
     * Every sellable thing is a unit (a room, a seat, a car, a table, a resort week…), and
     * every claim on a unit is an allocation over a time range. The exclusion constraint
     * refuses two overlapping allocations of one unit: the database, not the isolation
     * level, is what makes selling the last unit twice impossible (quality goal R1).
     */
    async up(db) {
      await sql`create extension if not exists btree_gist`.execute(db);
      await db.schema
        .createTable('inventory_units')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('product', 'text', (c) => c.notNull())
        .addColumn('supplier_code', 'text', (c) => c.notNull())
        .addColumn('item_ref', 'text', (c) => c.notNull())
        .addColumn('unit_label', 'text', (c) => c.notNull())
        .addUniqueConstraint('inventory_units_item_unit_unique', ['product', 'item_ref', 'unit_label'])
        .execute();
      await db.schema.createIndex('inventory_units_item_idx').on('inventory_units').columns(['product', 'item_ref']).execute();

      await db.schema
        .createTable('holds')
        .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
        .addColumn('token', 'text', (c) => c.notNull().unique())
        .addColumn('org_id', 'text', (c) => c.notNull().references('organisations.id'))
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('product', 'text', (c) => c.notNull())
        .addColumn('item_ref', 'text', (c) => c.notNull())
        .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
        .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
        .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('active', 'released', 'expired', 'booked')`))
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addCheckConstraint('holds_range_check', sql`ends_at > starts_at`)
        .execute();
      await db.schema.createIndex('holds_active_expiry_idx').on('holds').column('expires_at').where(sql.ref('status'), '=', 'active').execute();

      await db.schema
        .createTable('unit_allocations')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('unit_id', 'integer', (c) => c.notNull().references('inventory_units.id').onDelete('cascade'))
        .addColumn('hold_id', 'uuid', (c) => c.notNull().references('holds.id').onDelete('cascade'))
        .addColumn('during', 'tstzrange', (c) => c.notNull())
        // Null once the hold became a booking: a booking never expires.
        .addColumn('expires_at', 'timestamptz')
        .execute();
      await sql`alter table unit_allocations add constraint unit_allocations_no_overlap exclude using gist (unit_id with =, during with &&)`.execute(db);
      await db.schema.createIndex('unit_allocations_hold_idx').on('unit_allocations').column('hold_id').execute();
    },
  },
  '0004_hotels': {
    async up(db) {
      await db.schema.alterTable('destinations').addColumn('time_zone', 'text').execute();
      await db.schema.alterTable('destinations').addColumn('airport_iata', 'text').execute();
      await db.schema.alterTable('destinations').addColumn('kind', 'text').execute();
      await db.schema
        .createTable('hotels')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .addColumn('destination_slug', 'text', (c) => c.notNull().references('destinations.slug'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('stars', 'integer', (c) => c.notNull().check(sql`stars between 1 and 5`))
        .addColumn('guest_rating', sql`numeric(2,1)`, (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('latitude', sql`numeric(9,6)`, (c) => c.notNull())
        .addColumn('longitude', sql`numeric(9,6)`, (c) => c.notNull())
        .addColumn('image_path', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('supplier_code', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('hotels_destination_idx').on('hotels').column('destination_slug').execute();
      await db.schema
        .createTable('hotel_room_types')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('hotel_id', 'integer', (c) => c.notNull().references('hotels.id').onDelete('cascade'))
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('max_guests', 'integer', (c) => c.notNull().check(sql`max_guests > 0`))
        .addColumn('net_nightly_usd_minor', 'integer', (c) => c.notNull().check(sql`net_nightly_usd_minor > 0`))
        .addColumn('tax_rate_bp', 'integer', (c) => c.notNull().check(sql`tax_rate_bp >= 0`))
        .addColumn('b2c_markup_bp', 'integer', (c) => c.notNull().check(sql`b2c_markup_bp >= 0`))
        .addColumn('b2b_markup_bp', 'integer', (c) => c.notNull().check(sql`b2b_markup_bp >= 0`))
        .addColumn('strike_pct', 'integer', (c) => c.notNull().check(sql`strike_pct between 0 and 90`))
        .addColumn('refundable', 'boolean', (c) => c.notNull())
        .addUniqueConstraint('hotel_room_types_code_unique', ['hotel_id', 'code'])
        .execute();
    },
  },
  '0005_resorts': {
    /**
     * Resorts (RST) and holiday stays (STY) sold by the week (spec §7 "Weeks and resorts").
     * Each unit type's units are rows of inventory_units (item_ref `resort-unit:<id>`), so a
     * week hold is an allocation under the same exclusion constraint as every other product.
     */
    async up(db) {
      await db.schema
        .createTable('resorts')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .addColumn('destination_slug', 'text', (c) => c.notNull().references('destinations.slug'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('RST', 'STY')`))
        .addColumn('stars', 'integer', (c) => c.notNull().check(sql`stars between 1 and 5`))
        .addColumn('review_score', sql`numeric(3,1)`, (c) => c.notNull().check(sql`review_score between 0 and 10`))
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('latitude', sql`numeric(9,6)`, (c) => c.notNull())
        .addColumn('longitude', sql`numeric(9,6)`, (c) => c.notNull())
        .addColumn('image_path', 'text', (c) => c.notNull())
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('whitelabel_no', 'integer', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('resorts_destination_idx').on('resorts').columns(['destination_slug', 'kind']).execute();
      await db.schema
        .createTable('resort_unit_types')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('resort_id', 'integer', (c) => c.notNull().references('resorts.id').onDelete('cascade'))
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('sleeps', 'integer', (c) => c.notNull().check(sql`sleeps > 0`))
        // Per week, USD minor units: what the unit costs us, what agents pay, what the public pays.
        .addColumn('unit_cost_usd_minor', 'integer', (c) => c.notNull().check(sql`unit_cost_usd_minor > 0`))
        .addColumn('feed_cost_usd_minor', 'integer', (c) => c.notNull())
        .addColumn('retail_price_usd_minor', 'integer', (c) => c.notNull())
        .addColumn('week_start_weekday', 'integer', (c) => c.notNull().check(sql`week_start_weekday between 0 and 6`))
        .addCheckConstraint('resort_unit_types_price_order', sql`unit_cost_usd_minor <= feed_cost_usd_minor and feed_cost_usd_minor <= retail_price_usd_minor`)
        .addUniqueConstraint('resort_unit_types_code_unique', ['resort_id', 'code'])
        .execute();
      await db.schema
        .createTable('resort_reviews')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('resort_id', 'integer', (c) => c.notNull().references('resorts.id').onDelete('cascade'))
        .addColumn('author', 'text', (c) => c.notNull())
        .addColumn('rating', 'integer', (c) => c.notNull().check(sql`rating between 1 and 5`))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        // 'YYYY-MM': reviewers say when they stayed, not the day.
        .addColumn('stay_month', 'text', (c) => c.notNull().check(sql`stay_month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`))
        .addUniqueConstraint('resort_reviews_author_unique', ['resort_id', 'author'])
        .execute();
    },
  },
  '0009_bookings': {
    /**
     * A booking starts when the traveller's details are given at checkout ('initiated', tied
     * to its hold); payment moves it on. `users.min_checkin_days` is a per-user lead time
     * raised by fraud signals (spec §4 min_checkin_days_updated); null means the org's.
     */
    async up(db) {
      await db.schema
        .alterTable('users')
        .addColumn('min_checkin_days', 'integer', (c) => c.check(sql`min_checkin_days between 0 and 365`))
        .execute();
      await db.schema
        .createTable('bookings')
        .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
        .addColumn('reference', 'text', (c) => c.notNull().unique())
        .addColumn('org_id', 'text', (c) => c.notNull().references('organisations.id'))
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('hold_id', 'uuid', (c) => c.unique().references('holds.id').onDelete('set null'))
        .addColumn('product', 'text', (c) => c.notNull())
        .addColumn('item_ref', 'text', (c) => c.notNull())
        .addColumn('starts_on', 'date', (c) => c.notNull())
        .addColumn('ends_on', 'date')
        .addColumn('guest_first_name', 'text', (c) => c.notNull())
        .addColumn('guest_last_name', 'text', (c) => c.notNull())
        .addColumn('guest_email', 'text', (c) => c.notNull())
        .addColumn('guest_phone', 'text')
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('initiated', 'pending', 'confirmed', 'cancelled', 'failed')`))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema.createIndex('bookings_duplicate_idx').on('bookings').columns(['org_id', 'product', 'starts_on']).execute();
      await db.schema.createIndex('bookings_user_idx').on('bookings').column('user_id').execute();
    },
  },
  '0007_cars': {
    /**
     * Car rental (CAR): rental desks (an airport desk and a downtown office per destination),
     * rental companies and the car offers each desk rents out. Each car of an offer's fleet is
     * a row of inventory_units (item_ref `car-offer:<id>`), and a rental is an allocation over
     * the pickup→drop-off instants under the same exclusion constraint as every product.
     */
    async up(db) {
      await db.schema
        .createTable('car_rental_companies')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('car_locations')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('code', 'text', (c) =>
          c
            .notNull()
            .unique()
            .check(sql`code ~ '^[A-Z0-9]{3,8}$'`),
        )
        .addColumn('destination_slug', 'text', (c) => c.notNull().references('destinations.slug'))
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('airport', 'downtown')`))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('car_locations_destination_idx').on('car_locations').column('destination_slug').execute();
      await db.schema
        .createTable('car_offers')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('location_id', 'integer', (c) => c.notNull().references('car_locations.id').onDelete('cascade'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('car_rental_companies.id'))
        .addColumn('car_family', 'text', (c) => c.notNull().check(sql`car_family in ('Economy', 'Compact', 'SUV', 'Van', 'Luxury')`))
        .addColumn('car_type', 'text', (c) => c.notNull())
        .addColumn('passengers', 'integer', (c) => c.notNull().check(sql`passengers between 1 and 9`))
        .addColumn('baggage', 'integer', (c) => c.notNull().check(sql`baggage >= 0`))
        .addColumn('doors', 'integer', (c) => c.notNull().check(sql`doors between 2 and 5`))
        .addColumn('is_ac', 'boolean', (c) => c.notNull())
        .addColumn('transmission', 'text', (c) => c.notNull().check(sql`transmission in ('automatic', 'manual')`))
        // null: unlimited mileage; otherwise the kilometres included per rental day.
        .addColumn('mileage_km_per_day', 'integer', (c) => c.check(sql`mileage_km_per_day > 0`))
        .addColumn('free_cancellation', 'boolean', (c) => c.notNull())
        .addColumn('payment', 'text', (c) => c.notNull().check(sql`payment in ('prepaid', 'postpaid')`))
        .addColumn('guarantee_needed', 'boolean', (c) => c.notNull())
        .addColumn('daily_net_usd_minor', 'integer', (c) => c.notNull().check(sql`daily_net_usd_minor > 0`))
        .addColumn('tax_rate_bp', 'integer', (c) => c.notNull().check(sql`tax_rate_bp >= 0`))
        .addColumn('b2c_markup_bp', 'integer', (c) => c.notNull().check(sql`b2c_markup_bp >= 0`))
        .addColumn('b2b_markup_bp', 'integer', (c) => c.notNull().check(sql`b2b_markup_bp >= 0`))
        .addColumn('image_path', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('car_offers_location_idx').on('car_offers').column('location_id').execute();
    },
  },
  '0006_flights': {
    /**
     * Flights: airlines, a weekly schedule (local departure time at the origin, days operated)
     * and each flight's cabins with their seats and net fare; branded fares scale a cabin's
     * fare. Seats are rows of inventory_units (item_ref `flight:<id>:<cabin>`) held over the
     * flight's departure→arrival instants, so they do not multiply by date.
     */
    async up(db) {
      await db.schema
        .createTable('airlines')
        .addColumn('code', 'text', (c) => c.primaryKey().check(sql`code ~ '^[A-Z0-9]{2}$'`))
        .addColumn('name', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('flights')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('airline_code', 'text', (c) => c.notNull().references('airlines.code'))
        .addColumn('flight_number', 'text', (c) => c.notNull())
        .addColumn('origin', 'text', (c) => c.notNull().check(sql`origin ~ '^[A-Z]{3}$'`))
        .addColumn('destination', 'text', (c) => c.notNull().check(sql`destination ~ '^[A-Z]{3}$'`))
        .addColumn('departure_minutes', 'integer', (c) => c.notNull().check(sql`departure_minutes between 0 and 1439`))
        .addColumn('duration_minutes', 'integer', (c) => c.notNull().check(sql`duration_minutes > 0`))
        .addColumn('days_operated', 'integer', (c) => c.notNull().check(sql`days_operated between 1 and 127`))
        .addColumn('aircraft', 'text', (c) => c.notNull())
        .addColumn('tax_rate_bp', 'integer', (c) => c.notNull().check(sql`tax_rate_bp >= 0`))
        .addColumn('b2c_markup_bp', 'integer', (c) => c.notNull().check(sql`b2c_markup_bp >= 0`))
        .addColumn('b2b_markup_bp', 'integer', (c) => c.notNull().check(sql`b2b_markup_bp >= 0`))
        .addColumn('supplier_code', 'text', (c) => c.notNull())
        .addCheckConstraint('flights_route', sql`origin <> destination`)
        .addUniqueConstraint('flights_number_unique', ['airline_code', 'flight_number'])
        .execute();
      await db.schema.createIndex('flights_route_idx').on('flights').columns(['origin', 'destination']).execute();
      await db.schema
        .createTable('flight_cabins')
        .addColumn('flight_id', 'integer', (c) => c.notNull().references('flights.id').onDelete('cascade'))
        .addColumn('cabin', 'text', (c) => c.notNull().check(sql`cabin in ('economy', 'premium_economy', 'business')`))
        .addColumn('seats', 'integer', (c) => c.notNull().check(sql`seats > 0`))
        // One adult's net fare for this flight and cabin, USD minor units.
        .addColumn('net_usd_minor', 'integer', (c) => c.notNull().check(sql`net_usd_minor > 0`))
        .addPrimaryKeyConstraint('flight_cabins_pk', ['flight_id', 'cabin'])
        .execute();
      await db.schema
        .createTable('fare_brands')
        .addColumn('cabin', 'text', (c) => c.notNull().check(sql`cabin in ('economy', 'premium_economy', 'business')`))
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('rank', 'integer', (c) => c.notNull())
        .addColumn('factor_bp', 'integer', (c) => c.notNull().check(sql`factor_bp > 0`))
        .addColumn('carry_on_bags', 'integer', (c) => c.notNull())
        .addColumn('checked_bags', 'integer', (c) => c.notNull())
        .addColumn('changes', 'text', (c) => c.notNull().check(sql`changes in ('none', 'fee', 'free')`))
        .addColumn('refundable', 'boolean', (c) => c.notNull())
        .addColumn('seat_choice', 'boolean', (c) => c.notNull())
        .addPrimaryKeyConstraint('fare_brands_pk', ['cabin', 'code'])
        .execute();
    },
  },
  '0008_scheduled_offers': {
    /**
     * Activities (ACT), transfers (TRF), cruises (CRUISE) and restaurants (RESTAURANT): an
     * offer with options sold on a date or time slot with limited capacity. Each option's
     * units (a place on a tour, a vehicle, a cabin, a table) are rows of inventory_units
     * (item_ref `offer-option:<id>`); a booking is an allocation over the slot's time range,
     * so units never multiply by date. Product-specific facts are jsonb checked by a TS type
     * per product (app/domain/offer-facts.ts).
     */
    async up(db) {
      await db.schema
        .createTable('offers')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('product', 'text', (c) => c.notNull().check(sql`product in ('ACT', 'TRF', 'CRUISE', 'RESTAURANT')`))
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .addColumn('destination_slug', 'text', (c) => c.notNull().references('destinations.slug'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('image_path', 'text', (c) => c.notNull())
        .addColumn('guest_rating', sql`numeric(3,1)`, (c) => c.notNull().check(sql`guest_rating between 0 and 10`))
        .addColumn('supplier_code', 'text', (c) => c.notNull())
        .addColumn('facts', 'jsonb', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('offers_destination_idx').on('offers').columns(['product', 'destination_slug']).execute();
      await db.schema
        .createTable('offer_options')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('offer_id', 'integer', (c) => c.notNull().references('offers.id').onDelete('cascade'))
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        // Guests one unit seats: 1 for a place on a tour, the seats of a table, vehicle or cabin.
        .addColumn('unit_capacity', 'integer', (c) => c.notNull().check(sql`unit_capacity > 0`))
        // Transfers: suitcases a vehicle takes; null where bags do not matter.
        .addColumn('bag_capacity', 'integer', (c) => c.check(sql`bag_capacity >= 0`))
        .addColumn('duration_minutes', 'integer', (c) => c.notNull().check(sql`duration_minutes > 0`))
        // 'HH:MM' start times; empty when the option starts when the traveller asks (transfers).
        .addColumn('start_times', 'jsonb', (c) => c.notNull())
        // Days it runs, 0 = Sunday … 6 = Saturday (a cruise sails one day a week).
        .addColumn('weekdays', 'jsonb', (c) => c.notNull())
        .addColumn('net_usd_minor', 'integer', (c) => c.notNull().check(sql`net_usd_minor > 0`))
        .addColumn('tax_rate_bp', 'integer', (c) => c.notNull().check(sql`tax_rate_bp >= 0`))
        .addColumn('b2c_markup_bp', 'integer', (c) => c.notNull().check(sql`b2c_markup_bp >= 0`))
        .addColumn('b2b_markup_bp', 'integer', (c) => c.notNull().check(sql`b2b_markup_bp >= 0`))
        .addColumn('strike_pct', 'integer', (c) => c.notNull().check(sql`strike_pct between 0 and 90`))
        .addColumn('refundable', 'boolean', (c) => c.notNull())
        .addUniqueConstraint('offer_options_code_unique', ['offer_id', 'code'])
        .execute();
    },
  },
  '0011_holiday_homes': {
    /**
     * Holiday homes (apartments, villas, cottages let whole; the /holidaystays variants of the
     * hotel flow) are rows of `hotels` with property_type 'holiday_home'. They are priced, held
     * and checked out exactly like hotel rooms (a unit type is a room type, each home a unit),
     * so a second set of tables would only duplicate that; the type keeps the two searches apart.
     */
    async up(db) {
      await db.schema
        .alterTable('hotels')
        .addColumn('property_type', 'text', (c) =>
          c
            .notNull()
            .defaultTo('hotel')
            .check(sql`property_type in ('hotel', 'holiday_home')`),
        )
        .execute();
      // Every search asks for one type in one destination.
      await db.schema.dropIndex('hotels_destination_idx').execute();
      await db.schema.createIndex('hotels_destination_type_idx').on('hotels').columns(['destination_slug', 'property_type']).execute();
    },
  },
  '0012_payments': {
    /**
     * Payments (docs/decisions/0009, 0011). A hold keeps the selection it was priced with, so
     * checkout cannot be re-priced by editing its link. A booking carries what it charges and
     * how it was paid. Every gateway call of a booking belongs to a payment attempt whose row
     * and idempotency key exist before the call: the key makes retries and concurrent submits
     * one charge, and the reconciler finishes attempts left 'unknown'. Saved cards are our
     * vault's view of the gateway's vaulted cards (token, brand, last 4, expiry, nickname).
     */
    async up(db) {
      await db.schema.alterTable('holds').addColumn('selection', 'jsonb').execute();
      await db.schema
        .alterTable('bookings')
        .addColumn('amount_minor', 'integer', (c) => c.check(sql`amount_minor >= 0`))
        .addColumn('currency', 'text')
        .addColumn('payment_method', 'text', (c) => c.check(sql`payment_method in ('card', 'saved_card', 'invoice', 'oxxo', 'zero')`))
        .addColumn('oxxo_reference', 'text')
        .addColumn('failure_text', 'text')
        .addColumn('confirmed_at', 'timestamptz')
        .execute();
      await db.schema
        .createTable('saved_cards')
        .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('gateway_customer_id', 'text', (c) => c.notNull())
        .addColumn('token', 'text', (c) => c.notNull().unique())
        .addColumn('brand', 'text', (c) => c.notNull())
        .addColumn('last4', 'text', (c) => c.notNull().check(sql`last4 ~ '^[0-9]{4}$'`))
        .addColumn('exp_month', 'text', (c) => c.notNull().check(sql`exp_month ~ '^[0-9]{2}$'`))
        .addColumn('exp_year', 'text', (c) => c.notNull().check(sql`exp_year ~ '^[0-9]{4}$'`))
        .addColumn('nickname', 'text')
        .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema.createIndex('saved_cards_user_idx').on('saved_cards').columns(['user_id', 'created_at']).execute();
      // At most one default card per user.
      await sql`create unique index saved_cards_one_default on saved_cards (user_id) where is_default`.execute(db);
      await db.schema
        .createTable('payment_attempts')
        .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
        .addColumn('booking_id', 'uuid', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
        .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
        .addColumn('request_fingerprint', 'text', (c) => c.notNull())
        .addColumn('method', 'text', (c) => c.notNull().check(sql`method in ('card', 'saved_card', 'invoice', 'oxxo', 'zero')`))
        .addColumn('amount_minor', 'integer', (c) => c.notNull().check(sql`amount_minor >= 0`))
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) =>
          c.notNull().check(sql`status in ('created', 'authorized', 'captured', 'voided', 'declined', 'failed', 'unknown', 'awaiting_payment', 'completed')`),
        )
        .addColumn('gateway_transaction_id', 'text')
        .addColumn('failure', 'jsonb')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema.createIndex('payment_attempts_booking_idx').on('payment_attempts').column('booking_id').execute();
      await db.schema.createIndex('payment_attempts_status_idx').on('payment_attempts').columns(['status', 'updated_at']).execute();
    },
  },
  '0013_booking_messages': {
    /**
     * Booking messages (spec §7 Notifications; docs/api.md getCountMessages): a message is a
     * status of the user's booking they have not seen. `seen_status` is the status its owner
     * last saw on the booking's success page; any later status change makes it a message again
     * without the payment code having to write notices. The partial index serves the count.
     */
    async up(db) {
      await db.schema.alterTable('bookings').addColumn('seen_status', 'text').execute();
      await db.schema.createIndex('bookings_user_recent_idx').on('bookings').columns(['user_id', 'created_at']).where(sql.ref('user_id'), 'is not', null).execute();
    },
  },
  '0014_rate_limits': {
    /**
     * Abuse limits (docs/decisions/0016). `rate_limit_counters`: one row per action, visitor
     * and fixed window, bumped by one upsert per check and purged after the window ends.
     * `holds.client_ip`: who made an anonymous hold, for the active-holds cap.
     * `auth_failures.client_ip`: sign-in backoff is per account and address, so a stranger's
     * guesses cannot lock the owner out.
     */
    async up(db) {
      await db.schema
        .createTable('rate_limit_counters')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('hits', 'integer', (c) => c.notNull())
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('rate_limit_counters_expiry_idx').on('rate_limit_counters').column('expires_at').execute();
      await db.schema.alterTable('holds').addColumn('client_ip', 'text').execute();
      await sql`create index holds_active_client_idx on holds (org_id, client_ip) where status = 'active'`.execute(db);
      await sql`create index holds_active_user_idx on holds (org_id, user_id) where status = 'active' and user_id is not null`.execute(db);
      await db.schema.alterTable('auth_failures').addColumn('client_ip', 'text').execute();
      await db.schema.createIndex('auth_failures_time_idx').on('auth_failures').column('failed_at').execute();
    },
  },
  '0015_payment_integrity': {
    /**
     * Payment integrity (docs/decisions/0018). At most one live payment attempt per booking is
     * the database's rule, not only the pay code's: a partial unique index over the live
     * statuses (ATTEMPT_LIVE in app/domain/booking-payment.ts). An OXXO voucher lapses at
     * `oxxo_expires_at`; the expiry job then fails the booking and frees its units.
     */
    async up(db) {
      await sql`create unique index payment_attempts_one_live on payment_attempts (booking_id) where status in ('created', 'authorized', 'unknown', 'awaiting_payment')`.execute(
        db,
      );
      await db.schema.alterTable('bookings').addColumn('oxxo_expires_at', 'timestamptz').execute();
      // Vouchers issued before this migration lapse like new ones (the default 72 hours after issue).
      await sql`update bookings set oxxo_expires_at = updated_at + interval '72 hours' where payment_method = 'oxxo' and status = 'pending' and oxxo_reference is not null`.execute(
        db,
      );
      await sql`create index bookings_oxxo_expiry_idx on bookings (oxxo_expires_at) where oxxo_expires_at is not null and status = 'pending'`.execute(db);
    },
  },
  '0016_invoice_credit': {
    /**
     * Money rules (docs/decisions/0019). Invoice is a credit line the organisation grants to a
     * user or to a company (`users.company`), with a limit in minor units of one currency; a
     * booking paid by invoice records the line it drew on, so the used credit is the sum of its
     * pending and confirmed bookings. A car whose payment mode is 'iframe' is booked on a
     * verified, vaulted card kept as its guarantee (payment method 'guarantee'); the car data
     * names the provider it is sold through and whether a pricing rule set its rate.
     */
    async up(db) {
      await db.schema
        .alterTable('users')
        .addColumn('company', 'text', (c) => c.check(sql`length(company) between 1 and 120`))
        .execute();
      await db.schema
        .createTable('invoice_credit_lines')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('org_id', 'text', (c) => c.notNull().references('organisations.id'))
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('company', 'text')
        .addColumn('limit_minor', 'integer', (c) => c.notNull().check(sql`limit_minor >= 0`))
        .addColumn('currency', 'text', (c) => c.notNull().check(sql`currency ~ '^[A-Z]{3}$'`))
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addCheckConstraint('invoice_credit_lines_payer_check', sql`(user_id is null) <> (company is null)`)
        .execute();
      await sql`create unique index invoice_credit_lines_user on invoice_credit_lines (user_id) where user_id is not null`.execute(db);
      await sql`create unique index invoice_credit_lines_company on invoice_credit_lines (org_id, company) where company is not null`.execute(db);
      await db.schema
        .alterTable('bookings')
        .addColumn('invoice_credit_line_id', 'integer', (c) => c.references('invoice_credit_lines.id').onDelete('set null'))
        .addColumn('guarantee_customer_id', 'text')
        .addColumn('guarantee_token', 'text')
        .addColumn('guarantee_card', 'text')
        .execute();
      await db.schema.createIndex('bookings_invoice_credit_idx').on('bookings').column('invoice_credit_line_id').where(sql.ref('invoice_credit_line_id'), 'is not', null).execute();
      for (const [table, column] of [
        ['bookings', 'payment_method'],
        ['payment_attempts', 'method'],
      ] as const) {
        await sql`alter table ${sql.table(table)} drop constraint ${sql.id(`${table}_${column}_check`)}`.execute(db);
        await sql`alter table ${sql.table(table)} add constraint ${sql.id(`${table}_${column}_check`)} check (${sql.ref(column)} in ('card', 'saved_card', 'invoice', 'oxxo', 'zero', 'guarantee'))`.execute(
          db,
        );
      }
      await db.schema
        .alterTable('car_rental_companies')
        .addColumn('payment_provider', 'text', (c) =>
          c
            .notNull()
            .defaultTo('PG_01')
            .check(sql`payment_provider in ('PG_01', 'PG_02', 'PG_03')`),
        )
        .execute();
      await db.schema
        .alterTable('car_offers')
        .addColumn('pricing_rule', 'boolean', (c) => c.notNull().defaultTo(false))
        .execute();
    },
  },
  '0017_user_details': {
    /**
     * /user-details (spec §2): the user's own phone, and the people they often book for. A
     * saved traveller is addressed by a random public id, never the serial, and always
     * together with its owner, so one user can neither guess nor reach another's.
     */
    async up(db) {
      await db.schema
        .alterTable('users')
        .addColumn('phone', 'text', (c) => c.check(sql`length(phone) between 1 and 21`))
        .execute();
      await db.schema
        .createTable('saved_travelers')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('public_id', 'uuid', (c) =>
          c
            .notNull()
            .unique()
            .defaultTo(sql`gen_random_uuid()`),
        )
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('first_name', 'text', (c) => c.notNull().check(sql`length(first_name) between 1 and 60`))
        .addColumn('last_name', 'text', (c) => c.notNull().check(sql`length(last_name) between 1 and 60`))
        .addColumn('date_of_birth', 'date')
        .addColumn('nationality', 'text', (c) => c.check(sql`nationality ~ '^[A-Z]{2}$'`))
        .addColumn('email', 'text', (c) => c.check(sql`length(email) between 3 and 254`))
        .addColumn('phone', 'text', (c) => c.check(sql`length(phone) between 1 and 21`))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema.createIndex('saved_travelers_user_idx').on('saved_travelers').column('user_id').execute();
    },
  },
  '0018_pay_details': {
    /**
     * The date-format rule (spec §6, §9; docs/decisions/0022): a user's chosen date format;
     * null means the default 'DD/MM/YYYY'. The check lists DATE_FORMATS (app/domain/date-format.ts).
     */
    async up(db) {
      await db.schema
        .alterTable('users')
        .addColumn('date_format', 'text', (c) => c.check(sql`date_format in ('DD/MM/YYYY', 'MM/DD/YYYY', 'YYYY-MM-DD')`))
        .execute();
    },
  },
  '0019_hold_quotes': {
    /**
     * A quote on every hold (docs/decisions/0025): what the checkout shows and charges, priced
     * once when the offer is held. Null for a hold made before: such a hold is not payable.
     */
    async up(db) {
      await db.schema.alterTable('holds').addColumn('quote', 'jsonb').execute();
    },
  },
  '0020_ledger': {
    /**
     * The stored-value ledger (docs/decisions/0030). Double entry: every movement is one
     * `ledger_transactions` row and entries summing to zero per currency. An instrument (a
     * member's coupon, cash card, points of one type, wallet, certificate or discount card) is
     * an 'available' account and its 'reserved' twin; each (org, kind, point type, currency)
     * has two system accounts, 'issuance' (where issued value comes from) and 'spent' (where
     * captured value goes). `balance_minor` is the sum of the account's entries, kept by a
     * trigger on insert in the same transaction; its CHECK (>= 0 except issuance) is what stops
     * two checkouts spending one balance twice: the update row-locks the account, the second
     * waits and then fails the check. A deferred constraint trigger refuses, at commit, any
     * transaction whose entries do not sum to zero per currency. Entries are never changed.
     */
    async up(db) {
      await db.schema
        .createTable('ledger_accounts')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('org_id', 'text', (c) => c.notNull().references('organisations.id'))
        .addColumn('owner_user_id', 'integer', (c) => c.references('users.id'))
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('coupon', 'cash_card', 'points', 'wallet', 'certificate', 'discount_card')`))
        .addColumn('point_type', 'text')
        .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('available', 'reserved', 'issuance', 'spent')`))
        .addColumn('available_account_id', 'integer', (c) => c.references('ledger_accounts.id'))
        .addColumn('currency', 'text', (c) => c.notNull().check(sql`currency ~ '^[A-Z]{3}$'`))
        .addColumn('balance_minor', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addCheckConstraint('ledger_accounts_non_negative', sql`balance_minor >= 0 or role = 'issuance'`)
        .addCheckConstraint('ledger_accounts_point_type', sql`(kind = 'points') = (point_type is not null)`)
        .addCheckConstraint('ledger_accounts_owner', sql`(owner_user_id is not null) = (role in ('available', 'reserved'))`)
        .addCheckConstraint('ledger_accounts_twin', sql`(available_account_id is not null) = (role = 'reserved')`)
        .addUniqueConstraint('ledger_accounts_id_currency', ['id', 'currency'])
        .execute();
      await sql`create unique index ledger_accounts_one_reserved on ledger_accounts (available_account_id) where role = 'reserved'`.execute(db);
      await sql`create unique index ledger_accounts_system on ledger_accounts (org_id, kind, coalesce(point_type, ''), currency, role) where owner_user_id is null`.execute(db);
      await db.schema.createIndex('ledger_accounts_owner_idx').on('ledger_accounts').column('owner_user_id').where(sql.ref('owner_user_id'), 'is not', null).execute();
      await db.schema
        .createTable('ledger_transactions')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('org_id', 'text', (c) => c.notNull().references('organisations.id'))
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('issue', 'reserve', 'capture', 'release', 'refund')`))
        .addColumn('reference', 'text', (c) => c.notNull().check(sql`length(reference) between 1 and 200`))
        .addColumn('idempotency_key', 'text', (c) =>
          c
            .notNull()
            .unique()
            .check(sql`length(idempotency_key) between 1 and 200`),
        )
        .addColumn('fingerprint', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema.createIndex('ledger_transactions_reference_idx').on('ledger_transactions').column('reference').execute();
      await db.schema
        .createTable('ledger_entries')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('transaction_id', 'integer', (c) => c.notNull().references('ledger_transactions.id'))
        .addColumn('account_id', 'integer', (c) => c.notNull())
        .addColumn('amount_minor', 'bigint', (c) => c.notNull().check(sql`amount_minor <> 0`))
        .addColumn('currency', 'text', (c) => c.notNull())
        // An entry is in its account's currency: the pair must name an account row.
        .addForeignKeyConstraint('ledger_entries_account_currency', ['account_id', 'currency'], 'ledger_accounts', ['id', 'currency'])
        .execute();
      await db.schema.createIndex('ledger_entries_transaction_idx').on('ledger_entries').column('transaction_id').execute();
      await db.schema.createIndex('ledger_entries_account_idx').on('ledger_entries').column('account_id').execute();
      await db.schema
        .createTable('ledger_reservations')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('org_id', 'text', (c) => c.notNull().references('organisations.id'))
        .addColumn('account_id', 'integer', (c) => c.notNull().references('ledger_accounts.id'))
        .addColumn('reference', 'text', (c) => c.notNull())
        .addColumn('amount_minor', 'bigint', (c) => c.notNull().check(sql`amount_minor > 0`))
        .addColumn('refunded_minor', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('reserved', 'captured', 'released')`))
        .addColumn('reserve_transaction_id', 'integer', (c) => c.notNull().unique().references('ledger_transactions.id'))
        .addColumn('settle_transaction_id', 'integer', (c) => c.unique().references('ledger_transactions.id'))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addCheckConstraint('ledger_reservations_settled', sql`(status = 'reserved') = (settle_transaction_id is null)`)
        .addCheckConstraint('ledger_reservations_refund', sql`refunded_minor >= 0 and refunded_minor <= amount_minor and (refunded_minor = 0 or status = 'captured')`)
        .execute();
      await sql`create index ledger_reservations_open on ledger_reservations (reference) where status = 'reserved'`.execute(db);
      await sql`
        create function ledger_apply_entry() returns trigger language plpgsql as $$
        begin
          update ledger_accounts set balance_minor = balance_minor + new.amount_minor where id = new.account_id;
          return null;
        end $$`.execute(db);
      await sql`create trigger ledger_entries_apply after insert on ledger_entries for each row execute function ledger_apply_entry()`.execute(db);
      await sql`
        create function ledger_check_balanced() returns trigger language plpgsql as $$
        begin
          if exists (select 1 from ledger_entries where transaction_id = new.transaction_id group by currency having sum(amount_minor) <> 0) then
            raise exception 'ledger transaction % does not balance', new.transaction_id using errcode = '23514';
          end if;
          return null;
        end $$`.execute(db);
      await sql`create constraint trigger ledger_entries_balanced after insert on ledger_entries deferrable initially deferred for each row execute function ledger_check_balanced()`.execute(
        db,
      );
      await sql`
        create function ledger_entries_immutable() returns trigger language plpgsql as $$
        begin
          raise exception 'ledger entries are never changed or deleted; post a new transaction';
        end $$`.execute(db);
      await sql`create trigger ledger_entries_no_change before update or delete on ledger_entries for each row execute function ledger_entries_immutable()`.execute(db);
    },
  },
  '0021_stored_value': {
    /**
     * Instruments at checkout (docs/decisions/0031). `instruments` are a member's cash cards,
     * point types, wallets, certificates and discount cards, each with its ledger account (0020);
     * `coupons` are an organisation's discount codes, whose uses are counted here, the total
     * under a CHECK. `checkout_applications` is what a checkout applied to a hold: the amount it
     * takes off the charge and the ledger reservation that holds the value until the booking is
     * confirmed (captured) or not (released). One application per instrument and one coupon
     * per hold while applied (partial unique indexes).
     */
    async up(db) {
      await db.schema
        .createTable('instruments')
        .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
        .addColumn('org_id', 'text', (c) => c.notNull().references('organisations.id'))
        .addColumn('owner_user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('cash_card', 'points', 'wallet', 'certificate', 'discount_card')`))
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull().check(sql`currency ~ '^[A-Z]{3}$'`))
        .addColumn('account_id', 'integer', (c) => c.notNull().unique().references('ledger_accounts.id'))
        .addColumn('details', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
        .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
        .addColumn('expires_at', 'timestamptz')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addUniqueConstraint('instruments_owner_code', ['owner_user_id', 'kind', 'code'])
        .execute();
      await db.schema
        .createTable('coupons')
        .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
        .addColumn('org_id', 'text', (c) => c.notNull().references('organisations.id'))
        .addColumn('code', 'text', (c) => c.notNull().check(sql`code ~ '^[A-Z0-9-]{3,32}$'`))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('discount_kind', 'text', (c) => c.notNull().check(sql`discount_kind in ('percent', 'fixed')`))
        .addColumn('percent', 'numeric')
        .addColumn('amount_minor', 'bigint')
        .addColumn('currency', 'text', (c) => c.notNull().check(sql`currency ~ '^[A-Z]{3}$'`))
        .addColumn('products', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
        .addColumn('min_spend_minor', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('expires_at', 'timestamptz')
        .addColumn('uses_per_user', 'integer', (c) =>
          c
            .notNull()
            .defaultTo(1)
            .check(sql`uses_per_user > 0`),
        )
        .addColumn('uses_total', 'integer')
        .addColumn('used_total', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('for_user_id', 'integer', (c) => c.references('users.id'))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addCheckConstraint('coupons_uses', sql`used_total >= 0 and (uses_total is null or used_total <= uses_total)`)
        .addCheckConstraint('coupons_amount', sql`(discount_kind = 'percent' and percent > 0 and percent <= 100) or (discount_kind = 'fixed' and amount_minor > 0)`)
        .addUniqueConstraint('coupons_org_code', ['org_id', 'code'])
        .execute();
      await db.schema
        .createTable('checkout_applications')
        .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
        .addColumn('org_id', 'text', (c) => c.notNull().references('organisations.id'))
        .addColumn('hold_id', 'uuid', (c) => c.notNull().references('holds.id'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('coupon', 'cash_card', 'points', 'wallet', 'certificate', 'discount_card')`))
        .addColumn('instrument_id', 'uuid', (c) => c.references('instruments.id'))
        .addColumn('coupon_id', 'uuid', (c) => c.references('coupons.id'))
        .addColumn('amount_minor', 'bigint', (c) => c.notNull().check(sql`amount_minor > 0`))
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('units', 'bigint', (c) => c.notNull().check(sql`units > 0`))
        .addColumn('reservation_id', 'integer', (c) => c.unique().references('ledger_reservations.id'))
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('applied', 'captured', 'released', 'refunded')`))
        .addColumn('detail', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('settled_at', 'timestamptz')
        .addCheckConstraint('checkout_applications_source', sql`(kind = 'coupon') = (coupon_id is not null and instrument_id is null and reservation_id is null)`)
        .addCheckConstraint('checkout_applications_reserved', sql`kind = 'coupon' or (instrument_id is not null and reservation_id is not null)`)
        .execute();
      await sql`create unique index checkout_applications_one_per_instrument on checkout_applications (hold_id, instrument_id) where status = 'applied' and instrument_id is not null`.execute(
        db,
      );
      await sql`create unique index checkout_applications_one_coupon on checkout_applications (hold_id) where status = 'applied' and kind = 'coupon'`.execute(db);
      await db.schema.createIndex('checkout_applications_hold_idx').on('checkout_applications').column('hold_id').execute();
      await db.schema.createIndex('checkout_applications_coupon_user_idx').on('checkout_applications').columns(['coupon_id', 'user_id']).execute();
    },
  },
  '0022_wallet_topups': {
    /**
     * Wallet top-ups (product WLT, issue 11): a member buys wallet credit with a card. A row is
     * written with the client's idempotency key (unique) before any gateway call, so a double
     * submit finds the first and is answered from it: one charge, one ledger credit (whose own
     * idempotency key is the top-up's id).
     */
    async up(db) {
      await db.schema
        .createTable('wallet_topups')
        .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
        .addColumn('org_id', 'text', (c) => c.notNull().references('organisations.id'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('instrument_id', 'uuid', (c) => c.notNull().references('instruments.id'))
        .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
        .addColumn('request_fingerprint', 'text', (c) => c.notNull())
        .addColumn('amount_minor', 'bigint', (c) => c.notNull().check(sql`amount_minor > 0`))
        .addColumn('currency', 'text', (c) => c.notNull().check(sql`currency ~ '^[A-Z]{3}$'`))
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('created', 'credited', 'declined', 'failed', 'unknown')`))
        .addColumn('gateway_transaction_id', 'text')
        .addColumn('failure', 'jsonb')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema.createIndex('wallet_topups_user_idx').on('wallet_topups').columns(['user_id', 'created_at']).execute();
    },
  },
  '0023_membership': {
    /**
     * Membership (issue 12). Plans carry the spec's subscription-plan fields and their texts per
     * language (synced from the organisation's config at every start). A subscription purchase is
     * a booking (product SUB, no hold) with its order: what it buys, decided when it was made;
     * the booking's confirmation activates it in the same transaction. A renewal charge is one
     * row per subscription and renewal period (unique), so the renewal job charges a period once
     * on any number of instances.
     */
    async up(db) {
      await sql`alter table membership_plans drop constraint if exists membership_plans_validity_months_check`.execute(db);
      await db.schema
        .alterTable('membership_plans')
        .addColumn('membership_id', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('image', 'text')
        .addColumn('charge_after_days', 'integer', (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`charge_after_days >= 0`),
        )
        .addColumn('validity_years', 'integer', (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`validity_years >= 0`),
        )
        .addColumn('auto_validity_years', 'integer', (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`auto_validity_years >= 0`),
        )
        .addColumn('auto_validity_months', 'integer', (c) =>
          c
            .notNull()
            .defaultTo(12)
            .check(sql`auto_validity_months >= 0`),
        )
        .addColumn('init_charge_org', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('renew_charge_org', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('texts', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('offered', 'boolean', (c) => c.notNull().defaultTo(true))
        .execute();

      await db.schema
        .createTable('subscription_orders')
        .addColumn('booking_id', 'uuid', (c) => c.primaryKey().references('bookings.id').onDelete('cascade'))
        .addColumn('org_id', 'text', (c) => c.notNull().references('organisations.id'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('plan_id', 'integer', (c) => c.notNull().references('membership_plans.id'))
        .addColumn('is_renewal', 'boolean', (c) => c.notNull())
        .addColumn('is_trial', 'boolean', (c) => c.notNull())
        .addColumn('charge_org', 'boolean', (c) => c.notNull())
        .addColumn('debt_paid_minor', 'integer', (c) => c.notNull().check(sql`debt_paid_minor >= 0`))
        .addColumn('language', 'text', (c) => c.notNull())
        .addColumn('activated_at', 'timestamptz')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema.createIndex('subscription_orders_user_idx').on('subscription_orders').columns(['user_id', 'created_at']).execute();

      await db.schema
        .createTable('renewal_charges')
        .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
        .addColumn('subscription_id', 'integer', (c) => c.notNull().references('user_subscriptions.id').onDelete('cascade'))
        /** The expiry the charge renews from: one renewal per subscription and period. */
        .addColumn('period_from', 'date', (c) => c.notNull())
        .addColumn('plan_id', 'integer', (c) => c.notNull().references('membership_plans.id'))
        .addColumn('amount_minor', 'integer', (c) => c.notNull().check(sql`amount_minor >= 0`))
        .addColumn('currency', 'text', (c) => c.notNull().check(sql`currency ~ '^[A-Z]{3}$'`))
        .addColumn('charge_org', 'boolean', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('due', 'charging', 'paid', 'org_paid', 'expired')`))
        .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('lease_until', 'timestamptz')
        .addColumn('gateway_transaction_id', 'text')
        .addColumn('failure', 'jsonb')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addUniqueConstraint('renewal_charges_one_per_period', ['subscription_id', 'period_from'])
        .execute();
      await db.schema.createIndex('renewal_charges_status_idx').on('renewal_charges').column('status').execute();
    },
  },
  '0024_trips': {
    /**
     * Trips (issue 13). A trip is a user's dated plan in an organisation; its items are the spec
     * §3 trip list payloads as sent (one per trip, product and item key, so adding the same
     * item again changes it), and a confirmed booking joins the trips covering its dates as an
     * item pointing at it. Members say who else is on a trip and in which role; an invitation
     * keeps only the hash of its access code, which works once and until it expires.
     */
    async up(db) {
      await db.schema
        .createTable('trips')
        .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
        .addColumn('org_id', 'text', (c) => c.notNull().references('organisations.id'))
        .addColumn('owner_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('starts_on', 'date', (c) => c.notNull())
        .addColumn('ends_on', 'date', (c) => c.notNull())
        .addColumn('city', 'text')
        .addColumn('country', 'text')
        .addColumn('latitude', sql`numeric(9,6)`)
        .addColumn('longitude', sql`numeric(9,6)`)
        .addColumn('image', 'text')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addCheckConstraint('trips_dates_ordered', sql`ends_on >= starts_on`)
        .execute();
      await db.schema.createIndex('trips_org_dates_idx').on('trips').columns(['org_id', 'starts_on']).execute();

      await db.schema
        .createTable('trip_members')
        .addColumn('trip_id', 'uuid', (c) => c.notNull().references('trips.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('owner', 'traveller', 'viewer')`))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addPrimaryKeyConstraint('trip_members_pk', ['trip_id', 'user_id'])
        .execute();
      await db.schema.createIndex('trip_members_user_idx').on('trip_members').column('user_id').execute();

      await db.schema
        .createTable('trip_items')
        .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
        .addColumn('trip_id', 'uuid', (c) => c.notNull().references('trips.id').onDelete('cascade'))
        .addColumn('product', 'text', (c) => c.notNull())
        .addColumn('item_key', 'text', (c) => c.notNull())
        .addColumn('payload', 'jsonb', (c) => c.notNull())
        .addColumn('starts_on', 'date', (c) => c.notNull())
        .addColumn('ends_on', 'date', (c) => c.notNull())
        .addColumn('booking_id', 'uuid', (c) => c.references('bookings.id').onDelete('set null'))
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addCheckConstraint('trip_items_dates_ordered', sql`ends_on >= starts_on`)
        .addUniqueConstraint('trip_items_one_per_key', ['trip_id', 'product', 'item_key'])
        .execute();
      await db.schema.createIndex('trip_items_booking_idx').on('trip_items').column('booking_id').execute();

      await db.schema
        .createTable('trip_invitations')
        .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
        .addColumn('trip_id', 'uuid', (c) => c.notNull().references('trips.id').onDelete('cascade'))
        .addColumn('email_normalized', 'text', (c) => c.notNull())
        .addColumn('access_code_hash', 'text', (c) => c.notNull().unique())
        .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('traveller', 'viewer')`))
        .addColumn('invited_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .addColumn('used_at', 'timestamptz')
        .addColumn('used_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema.createIndex('trip_invitations_trip_email_idx').on('trip_invitations').columns(['trip_id', 'email_normalized']).execute();
    },
  },
  '0025_content_version': {
    // The version of what anonymous pages show (decision 0035): any statement on a table that
    // feeds them moves it on, in the writer's transaction, so a reader that sees the new
    // version also sees the new rows. Only catalogue and reference tables: they change
    // rarely, so the one row is never a hot spot (holds and bookings are not listed).
    async up(db) {
      await db.schema
        .createTable('content_version')
        .addColumn('id', 'smallint', (c) => c.primaryKey().check(sql`id = 1`))
        .addColumn('version', 'bigint', (c) => c.notNull())
        .execute();
      await sql`insert into content_version (id, version) values (1, 0)`.execute(db);
      await sql`
        create function bump_content_version() returns trigger language plpgsql as $$
        begin
          update content_version set version = version + 1 where id = 1;
          return null;
        end $$`.execute(db);
      for (const table of CONTENT_TABLES) {
        await sql`create trigger ${sql.raw(`${table}_content_version`)} after insert or update or delete or truncate on ${sql.table(table)} for each statement execute function bump_content_version()`.execute(
          db,
        );
      }
    },
  },
  '0026_property_details': {
    /**
     * What a property says about itself (issue 15, decision 0036): a description per language,
     * amenity codes, structured policies and check-in instructions, and the kinds of its
     * pictures. JSON because a page reads them whole with the property and no query filters on
     * them; null policies or instructions mean the supplier gave none. `description` stays, the
     * text in the default language. The search orders a destination's properties by stars and
     * then by id, so its index carries both.
     */
    async up(db) {
      await db.schema
        .alterTable('hotels')
        .addColumn('descriptions', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
        .addColumn('amenities', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
        .addColumn('policies', 'jsonb')
        .addColumn('checkin_instructions', 'jsonb')
        .addColumn('images', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
        .execute();
      await db.schema.dropIndex('hotels_destination_type_idx').execute();
      await db.schema.createIndex('hotels_destination_type_stars_idx').on('hotels').columns(['destination_slug', 'property_type', 'stars desc', 'id']).execute();
    },
  },
  '0027_availability_version': {
    /**
     * The version of what is free to book (decision 0041): every change to units or their
     * allocations (holds, bookings, releases) moves it on. A sequence, not a row: a row would make
     * every hold wait on the one before it; nextval never waits and never rolls back. It moves
     * before the writer commits, so a page read in between may be kept under the new version
     * showing the old rows: kept pages that show availability also end after 30 s.
     */
    async up(db) {
      await sql`create sequence availability_version`.execute(db);
      // Called once, so the first nextval moves last_value on (a fresh sequence's first one does not).
      await sql`select setval('availability_version', 1)`.execute(db);
      await sql`
        create function bump_availability_version() returns trigger language plpgsql as $$
        begin
          perform nextval('availability_version');
          return null;
        end $$`.execute(db);
      // For each row: a statement that changes nothing (the hold-expiry job's, mostly) leaves
      // kept pages alone. TRUNCATE has no rows, hence its own trigger.
      for (const table of ['inventory_units', 'unit_allocations']) {
        await sql`
          create trigger ${sql.id(`${table}_availability_version`)}
          after insert or update or delete on ${sql.table(table)}
          for each row execute function bump_availability_version()`.execute(db);
        await sql`
          create trigger ${sql.id(`${table}_availability_version_truncate`)}
          after truncate on ${sql.table(table)}
          for each statement execute function bump_availability_version()`.execute(db);
      }
    },
  },
  '0028_change_notices': {
    /**
     * Notices for what the embedded database's process keeps in memory (decision 0042,
     * kept-until-changed.server.ts): a bump of either page version also notifies
     * `page_versions`, and any statement on sessions or users notifies `sessions`, both delivered
     * at commit (never on a rollback) and once per transaction. Only where the connection sets
     * `app.change_notices` (the embedded database does, db.server.ts): on PostgreSQL no one
     * listens, and a notifying commit would take the database-wide notify lock.
     */
    async up(db) {
      await sql`
        create function notify_change(channel text) returns void language plpgsql as $$
        begin
          if current_setting('app.change_notices', true) = 'on' then
            perform pg_notify(channel, '');
          end if;
        end $$`.execute(db);
      await sql`
        create or replace function bump_content_version() returns trigger language plpgsql as $$
        begin
          update content_version set version = version + 1 where id = 1;
          perform notify_change('page_versions');
          return null;
        end $$`.execute(db);
      await sql`
        create or replace function bump_availability_version() returns trigger language plpgsql as $$
        begin
          perform nextval('availability_version');
          perform notify_change('page_versions');
          return null;
        end $$`.execute(db);
      await sql`
        create function notify_sessions_changed() returns trigger language plpgsql as $$
        begin
          perform notify_change('sessions');
          return null;
        end $$`.execute(db);
      for (const table of ['sessions', 'users']) {
        await sql`
          create trigger ${sql.id(`${table}_changed`)}
          after insert or update or delete or truncate on ${sql.table(table)}
          for each statement execute function notify_sessions_changed()`.execute(db);
      }
    },
  },
  '0029_plan_notices': {
    /**
     * Any statement on user_subscriptions notifies `member_plans` (decision 0042): the embedded
     * database keeps each member's plan row, read by every page with member rates, until then.
     */
    async up(db) {
      await sql`
        create function notify_member_plans_changed() returns trigger language plpgsql as $$
        begin
          perform notify_change('member_plans');
          return null;
        end $$`.execute(db);
      await sql`
        create trigger user_subscriptions_changed
        after insert or update or delete or truncate on user_subscriptions
        for each statement execute function notify_member_plans_changed()`.execute(db);
    },
  },
  '0030_checkout_notices': {
    /**
     * Any statement on a table a checkout page reads notifies a channel named after the table
     * (decision 0047): the embedded database keeps those reads (the hold, its traveller and
     * applications, the member's cards, travellers, instruments with balances and coupons)
     * until then. Same gate as every notice (`notify_change`, 0028).
     */
    async up(db) {
      await sql`
        create function notify_table_changed() returns trigger language plpgsql as $$
        begin
          perform notify_change(TG_TABLE_NAME);
          return null;
        end $$`.execute(db);
      for (const table of ['holds', 'bookings', 'checkout_applications', 'saved_cards', 'saved_travelers', 'coupons', 'instruments', 'ledger_accounts']) {
        await sql`
          create trigger ${sql.id(`${table}_changed`)}
          after insert or update or delete or truncate on ${sql.table(table)}
          for each statement execute function notify_table_changed()`.execute(db);
      }
    },
  },
  '0031_renewals_given_back': {
    /**
     * A renewal charged while its subscription moved on (bought again by hand, an admin) buys
     * nothing: its sale is given back (issue 33). 'giving_back' until the gateway voided or
     * refunded it (the job retries), then 'given_back'.
     */
    async up(db) {
      await sql`alter table renewal_charges drop constraint renewal_charges_status_check`.execute(db);
      await sql`alter table renewal_charges add constraint renewal_charges_status_check
        check (status in ('due', 'charging', 'paid', 'org_paid', 'expired', 'giving_back', 'given_back'))`.execute(db);
    },
  },
  '0032_impersonation_record': {
    /**
     * Who really acted while impersonating (issue 33, decision 0049): a booking and a payment
     * attempt name the author of the impersonated session they were made in, and every
     * state-changing request of such a session is written down (who, as whom, what, when).
     * A session opened by impersonation cannot mint further keys, so the chain is one link.
     */
    async up(db) {
      for (const table of ['bookings', 'payment_attempts']) {
        await db.schema
          .alterTable(table)
          .addColumn('acted_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
          .execute();
      }
      await db.schema
        .createTable('impersonated_requests')
        .addColumn('id', 'bigserial', (c) => c.primaryKey())
        .addColumn('org_id', 'text', (c) => c.notNull().references('organisations.id'))
        .addColumn('actor_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('as_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('method', 'text', (c) => c.notNull())
        .addColumn('path', 'text', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('correlation_id', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema.createIndex('impersonated_requests_actor_idx').on('impersonated_requests').columns(['actor_user_id', 'created_at']).execute();
    },
  },
  '0033_business_rules': {
    /**
     * Rules an organisation would agree to (issue 33, decision 0052): whether a single-use coupon
     * comes back when its booking is cancelled, per coupon (by default it does); and every invoice
     * credit grant an administrator makes or is refused, with the limit before and after.
     */
    async up(db) {
      await db.schema
        .alterTable('coupons')
        .addColumn('returned_on_cancel', 'boolean', (c) => c.notNull().defaultTo(true))
        .execute();
      await db.schema
        .createTable('invoice_credit_grants')
        .addColumn('id', 'bigserial', (c) => c.primaryKey())
        .addColumn('org_id', 'text', (c) => c.notNull().references('organisations.id'))
        .addColumn('granted_by', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('user_id', 'integer', (c) => c.references('users.id'))
        .addColumn('company', 'text')
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('old_limit_minor', 'integer')
        .addColumn('new_limit_minor', 'integer', (c) => c.notNull())
        .addColumn('outcome', 'text', (c) => c.notNull().check(sql`outcome in ('granted', 'refused')`))
        .addColumn('reason', 'text')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema.createIndex('invoice_credit_grants_org_idx').on('invoice_credit_grants').columns(['org_id', 'created_at']).execute();
      // Written once: an audit row is never changed or removed.
      await sql`
        create function invoice_credit_grants_immutable() returns trigger language plpgsql as $$
        begin
          raise exception 'invoice credit grants are an audit trail: never changed or deleted';
        end $$`.execute(db);
      await sql`create trigger invoice_credit_grants_no_change before update or delete on invoice_credit_grants for each row execute function invoice_credit_grants_immutable()`.execute(
        db,
      );
    },
  },
  '0034_payment_client_ip': {
    /** The client address of every payment attempt (issue 34; spec §7 `ip`), for review of a disputed payment. */
    async up(db) {
      await db.schema.alterTable('payment_attempts').addColumn('client_ip', 'text').execute();
    },
  },
  '0035_hosted_payment_url': {
    /** The provider page an attempt sent its payer to (decision 0055): a replay of its request answers the same page. */
    async up(db) {
      await db.schema.alterTable('payment_attempts').addColumn('hosted_url', 'text').execute();
    },
  },
  '0036_config_store': {
    /**
     * The configuration service (decision 0063). Each organisation's config and layouts are
     * immutable versions (`content` is the bundle's JSON text exactly as hashed, so key order and
     * the hash survive both databases); `config_heads` holds the one published pointer and the
     * draft pointer per organisation, moved in one transaction. The audit log is append-only (a
     * trigger refuses any change) and hash-chained per organisation, its last hash kept on the
     * head so a cut-off tail shows too. Roles are per organisation ('*': the platform's).
     */
    async up(db) {
      await db.schema
        .createTable('config_versions')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('org_id', 'text', (c) => c.notNull())
        .addColumn('parent_id', 'integer', (c) => c.references('config_versions.id'))
        .addColumn('schema_version', 'integer', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('content_hash', 'text', (c) => c.notNull())
        .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('author', 'text', (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema.createIndex('config_versions_org').on('config_versions').columns(['org_id', 'id']).execute();
      await db.schema
        .createTable('config_heads')
        .addColumn('org_id', 'text', (c) => c.primaryKey())
        .addColumn('published_id', 'integer', (c) => c.notNull().references('config_versions.id'))
        .addColumn('draft_id', 'integer', (c) => c.notNull().references('config_versions.id'))
        .addColumn('seed_hash', 'text')
        .addColumn('needs_approval', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('audit_hash', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema
        .createTable('config_approvals')
        .addColumn('version_id', 'integer', (c) => c.notNull().references('config_versions.id'))
        .addColumn('approver_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('approved_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addPrimaryKeyConstraint('config_approvals_pk', ['version_id', 'approver_id'])
        .execute();
      await db.schema
        .createTable('config_audit')
        .addColumn('seq', 'serial', (c) => c.primaryKey())
        .addColumn('org_id', 'text', (c) => c.notNull())
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('actor', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('version_id', 'integer', (c) => c.references('config_versions.id'))
        .addColumn('note', 'text', (c) => c.notNull())
        .addColumn('detail', 'text', (c) => c.notNull())
        .addColumn('prev_hash', 'text', (c) => c.notNull())
        .addColumn('hash', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('config_audit_org').on('config_audit').columns(['org_id', 'seq']).execute();
      await sql`
        create function refuse_audit_change() returns trigger language plpgsql as $$
        begin
          raise exception 'config_audit is append-only';
        end $$`.execute(db);
      await sql`
        create trigger config_audit_append_only before update or delete or truncate on config_audit
        for each statement execute function refuse_audit_change()`.execute(db);
      await db.schema
        .createTable('config_roles')
        .addColumn('org_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('viewer', 'editor', 'publisher', 'org-admin', 'platform-admin')`))
        .addColumn('granted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addPrimaryKeyConstraint('config_roles_pk', ['org_id', 'user_id'])
        .addCheckConstraint('config_roles_platform', sql`(org_id = '*') = (role = 'platform-admin')`)
        .execute();
    },
  },
  '0037_ads_in_the_config': {
    /** The ad banners are configuration now (ads.items, decision 0063): their table, only ever filled by the demo seed, goes. */
    async up(db) {
      await db.schema.dropTable('ads').execute();
    },
  },
  '0038_device_fingerprints': {
    /**
     * The fingerprints pages post (spec §7 POST /api/iqps/fqs, issue 37): the device id and the
     * address are kept only as HMACs under a salt of the organisation's own (`fraud_salts`), so
     * the database never holds a raw IP or visitor id and one organisation's hashes say nothing
     * of another's. Kept 90 days (`created_at` indexed for the purge).
     */
    async up(db) {
      await db.schema
        .createTable('fraud_salts')
        .addColumn('org_id', 'text', (c) => c.primaryKey().references('organisations.id'))
        .addColumn('salt', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('device_fingerprints')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('org_id', 'text', (c) => c.notNull().references('organisations.id'))
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('device_hash', 'text', (c) => c.notNull())
        .addColumn('ip_hash', 'text', (c) => c.notNull())
        .addColumn('fraud_chance', 'smallint', (c) => c.check(sql`fraud_chance between 0 and 100`))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema.createIndex('device_fingerprints_device').on('device_fingerprints').columns(['org_id', 'device_hash']).execute();
      await db.schema.createIndex('device_fingerprints_created').on('device_fingerprints').column('created_at').execute();
    },
  },
  '0039_user_events': {
    /**
     * The fraud channel's user events (spec §4, §7: request_fingerprint, user_blocked,
     * min_checkin_days_updated), kept as an outbox: numbered per user from `users.event_seq`,
     * whose row lock orders a user's events as they commit, so a socket that comes back (to any
     * instance) asks for what followed the last number it saw and misses nothing. The number
     * lives on the user, not in the events, so dropping old events never reuses one.
     */
    async up(db) {
      await db.schema
        .alterTable('users')
        .addColumn('event_seq', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('user_events')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('request_fingerprint', 'user_blocked', 'min_checkin_days_updated')`))
        .addColumn('min_checkin_days', 'integer', (c) => c.check(sql`min_checkin_days between 0 and 365`))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addPrimaryKeyConstraint('user_events_pk', ['user_id', 'seq'])
        .execute();
      await db.schema.createIndex('user_events_created').on('user_events').column('created_at').execute();
    },
  },
  '0040_address_keys': {
    /**
     * No raw client address is kept (issue 37): sign-in failures, holds and payment attempts hold
     * a keyed hash of it (app/services/platform/address-key.server.ts), whose key is the first of
     * the platform's own secrets. The addresses kept before are hashed here, under the same key.
     * Sessions keep the hashed address they were last used from.
     */
    async up(db) {
      await db.schema
        .createTable('platform_secrets')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('secret', 'text', (c) => c.notNull())
        .execute();
      // The address a session was last used from: a change asks its pages for a new fingerprint (spec §4).
      await db.schema.alterTable('sessions').addColumn('address_key', 'text').execute();
      const key = await readOrMakeKey(db);
      for (const table of ['auth_failures', 'holds', 'payment_attempts']) {
        const { rows } = await sql<{ client_ip: string }>`select distinct client_ip from ${sql.table(table)} where client_ip is not null`.execute(db);
        for (const { client_ip: address } of rows) {
          await sql`update ${sql.table(table)} set client_ip = ${addressKeyWith(key, address)} where client_ip = ${address}`.execute(db);
        }
      }
    },
  },
  '0041_fraud_decisions': {
    /**
     * Every fraud screening (issue 37) as it was decided: the signals it saw, the score, the rules
     * that matched, the rules' version and the action, so a reviewer reads why and a backtest
     * replays it. The keys that count velocity across instances (card, e-mail, address, device)
     * are HMACs under the organisation's fraud salt; rows go after 90 days. `outcome` is what the
     * gateway then said ('declined' counts as a failed authorisation) and `gateway_risk` its own
     * risk check (the next screenings' `gatewayRisk`); `reviewed_*` closes a review-queue entry.
     */
    async up(db) {
      await db.schema
        .createTable('fraud_decisions')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('org_id', 'text', (c) => c.notNull())
        .addColumn('stage', 'text', (c) => c.notNull().check(sql`stage in ('sign_in', 'hold', 'payment')`))
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('booking_id', 'uuid', (c) => c.references('bookings.id').onDelete('set null'))
        .addColumn('card_key', 'text')
        .addColumn('email_key', 'text')
        .addColumn('address_key', 'text', (c) => c.notNull())
        .addColumn('device_key', 'text')
        .addColumn('signals', 'jsonb', (c) => c.notNull())
        .addColumn('score', 'integer', (c) => c.notNull().check(sql`score between 0 and 100`))
        .addColumn('hits', 'jsonb', (c) => c.notNull())
        .addColumn('rules_version', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull().check(sql`action in ('allow', 'require_3ds', 'review', 'block')`))
        .addColumn('amount_minor', 'integer')
        .addColumn('currency', 'text')
        .addColumn('outcome', 'text', (c) => c.check(sql`outcome in ('paid', 'declined')`))
        .addColumn('gateway_risk', 'text', (c) => c.check(sql`gateway_risk in ('approve', 'review', 'decline')`))
        .addColumn('reviewed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('reviewed_at', 'timestamptz')
        .addColumn('review_verdict', 'text', (c) => c.check(sql`review_verdict in ('approved', 'refunded', 'blocked')`))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      // The screening reads each key's latest decisions (bounded: screening.server.ts); retention and
      // the backtest an organisation's time range; the review queue its open reviews.
      for (const key of ['card_key', 'email_key', 'address_key', 'device_key', 'user_id']) {
        await db.schema.createIndex(`fraud_decisions_${key}_time`).on('fraud_decisions').columns([key, 'created_at']).execute();
      }
      await db.schema.createIndex('device_fingerprints_device_time').on('device_fingerprints').columns(['device_hash', 'created_at']).execute();
      await db.schema.createIndex('fraud_decisions_org_time').on('fraud_decisions').columns(['org_id', 'created_at']).execute();
      await db.schema
        .createIndex('fraud_decisions_open_reviews')
        .on('fraud_decisions')
        .columns(['org_id', 'created_at'])
        .where(sql.ref('action'), '=', 'review')
        .where(sql.ref('reviewed_at'), 'is', null)
        .execute();
    },
  },
  '0042_outbox_correlation': {
    /**
     * The correlation id of the request that queued an e-mail (issue 38 item 7): whichever
     * instance delivers it logs under that id, so one booking is followed from its request to
     * its confirmation e-mail across instances. Null for mail queued by a job run of old.
     */
    async up(db) {
      await db.schema.alterTable('outbox').addColumn('correlation_id', 'text').execute();
    },
  },
  '0043_user_event_correlation': {
    /**
     * The correlation id a user event was committed under (issue 38 item 7): the instance that
     * sends it to the user's pages logs under it, as e-mails and booking status are.
     */
    async up(db) {
      await db.schema.alterTable('user_events').addColumn('correlation_id', 'text').execute();
    },
  },
};

class InCodeMigrationProvider implements MigrationProvider {
  async getMigrations() {
    return migrations;
  }
}

export async function migrateToLatest(db: MigratorProps['db']): Promise<void> {
  const migrator = new Migrator({ db, provider: new InCodeMigrationProvider() });
  const { error, results } = await migrator.migrateToLatest();
  for (const result of results ?? []) {
    if (result.status === 'Success') log.info('migration applied', { migration: result.migrationName });
    if (result.status === 'Error') log.error('migration failed', { migration: result.migrationName });
  }
  if (error) throw error;
}

/**
 * What the no-oversell and realtime guarantees need of a PostgreSQL database, checked before
 * anything runs on it (issue 38): btree_gist, behind the exclusion constraint that refuses two
 * overlapping claims on one unit (installed, or installable by this role), LISTEN/NOTIFY, and
 * transaction-scoped advisory locks. Each missing part is named with what to do; PGlite ships them.
 */
export async function databaseContractProblems(db: MigratorProps['db']): Promise<string[]> {
  const problems: string[] = [];
  const { rows } = await sql<{ installed: boolean; available: boolean; mayCreate: boolean }>`
    select exists (select 1 from pg_extension where extname = 'btree_gist') as "installed",
           exists (select 1 from pg_available_extensions where name = 'btree_gist') as "available",
           has_database_privilege(current_database(), 'CREATE') as "mayCreate"`.execute(db);
  const gist = rows[0];
  if (gist && !gist.installed && !gist.available) {
    problems.push("btree_gist: the extension behind the no-oversell exclusion constraints is not available on this server (install PostgreSQL's contrib modules)");
  } else if (gist && !gist.installed && !gist.mayCreate) {
    problems.push(
      'btree_gist: the extension behind the no-oversell exclusion constraints is not installed, and this role may not install it (have the database owner run `create extension btree_gist;` in this database)',
    );
  }
  try {
    await db.transaction().execute(async (trx) => {
      await sql`select pg_notify('travel_platform_contract', '')`.execute(trx);
      await sql`select pg_try_advisory_xact_lock(hashtext('travel-platform:contract'))`.execute(trx);
    });
  } catch (error) {
    problems.push(`LISTEN/NOTIFY and advisory locks (booking status, user events, one seeding at a time): ${error instanceof Error ? error.message : String(error)}`);
  }
  return problems;
}
