import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { ConfigRole } from '~/domain/config-access';
import type { PropertyType } from '~/domain/hotel-flow';
import type { DateFormat } from '~/domain/date-format';
import type { AccountRole, InstrumentKind, LedgerTransactionKind } from '~/domain/ledger';
import type { TripRole } from '~/domain/trips';
import type { ProductOfFamily } from '~/products/registry';

/**
 * Kysely table types. Keep in step with the migrations in `migrations.server.ts`.
 * `date` columns arrive as 'YYYY-MM-DD' strings and `numeric` as decimal strings on both
 * PGlite and PostgreSQL (see db.server.ts); money is integer minor units.
 */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export interface OrganisationsTable {
  id: string;
  org_number: number;
  name: string;
  created_at: CreatedAt;
}

export interface LanguagesTable {
  id: number;
  code: string;
  name: string;
}

export interface CurrenciesTable {
  id: number;
  code: string;
  name: string;
  flag: string;
  minor_digits: number;
}

export interface ExchangeRatesTable {
  currency_code: string;
  /** Units of this currency for one US dollar, as a decimal string. */
  per_usd: string;
  updated_at: Timestamp;
}

export type Role = 'member' | 'agent' | 'admin';

export interface UsersTable {
  id: Generated<number>;
  public_id: Generated<string>;
  org_id: string;
  email: string;
  email_normalized: string;
  password_hash: string | null;
  first_name: string;
  last_name: string;
  role: Role;
  is_demo: Generated<boolean>;
  is_blocked: Generated<boolean>;
  nationality: string | null;
  preferred_language: string | null;
  preferred_currency: string | null;
  personal_picture: string | null;
  usr_type: Generated<number>;
  /** A lead time raised for this user by fraud signals; null: the organisation's. */
  min_checkin_days: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: CreatedAt;
  /** The company the user books for (a company invoice credit line covers its users); 0016. */
  company: ColumnType<string | null, string | null | undefined, string | null>;
  /** The user's own phone, from /user-details; 0017. */
  phone: ColumnType<string | null, string | null | undefined, string | null>;
  /** The user's date format (app/domain/date-format.ts); null: 'DD/MM/YYYY'. 0018_pay_details. */
  date_format: ColumnType<DateFormat | null, DateFormat | null | undefined, DateFormat | null>;
  /** The number of the user's last user event (0039_user_events). */
  event_seq: Generated<number>;
}

export interface MembershipPlansTable {
  id: Generated<number>;
  org_id: string;
  code: string;
  name: string;
  description: string;
  currency_code: string;
  initial_price_minor: number;
  renewal_price_minor: number;
  validity_months: number;
  is_renewable: boolean;
  membership_id: Generated<string>;
  image: ColumnType<string | null, string | null | undefined, string | null>;
  /** A trial's free days (spec sub_plan_charge_after); 0: charged when bought. */
  charge_after_days: Generated<number>;
  validity_years: Generated<number>;
  auto_validity_years: Generated<number>;
  auto_validity_months: Generated<number>;
  init_charge_org: Generated<boolean>;
  renew_charge_org: Generated<boolean>;
  /** Per language: name, description and the organisation's Handlebars `html` (0023). */
  texts: ColumnType<Record<string, PlanTexts>, string | undefined, string>;
  position: Generated<number>;
  /** False once the organisation's config no longer lists the plan (its members keep it). */
  offered: Generated<boolean>;
}

export type PlanTexts = { name: string; description: string; html: string };

/** What a subscription booking buys (0023); its confirmation activates it. */
export interface SubscriptionOrdersTable {
  booking_id: string;
  org_id: string;
  user_id: number;
  plan_id: number;
  is_renewal: boolean;
  is_trial: boolean;
  charge_org: boolean;
  debt_paid_minor: number;
  language: string;
  activated_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: CreatedAt;
}

/** giving_back: charged after its subscription moved on (0031); the sale is voided or refunded, then given_back. */
export type RenewalChargeStatus = 'due' | 'charging' | 'paid' | 'org_paid' | 'expired' | 'giving_back' | 'given_back';

/** One automatic renewal of a subscription's period (0023): unique per subscription and period. */
export interface RenewalChargesTable {
  id: Generated<string>;
  subscription_id: number;
  period_from: string;
  plan_id: number;
  amount_minor: number;
  currency: string;
  charge_org: boolean;
  status: RenewalChargeStatus;
  tries: Generated<number>;
  lease_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  gateway_transaction_id: string | null;
  failure: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export type PlanStatus = 'ACTIVE' | 'EXPIRED';

export interface UserSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  plan_id: number;
  status: PlanStatus;
  member_since: string;
  expires_on: string;
  debt_minor: Generated<number>;
  next_payment_by_org: Generated<boolean>;
}

export interface SessionsTable {
  /** SHA-256 of the cookie secret; the secret itself is never stored. */
  id: string;
  public_id: string;
  user_id: number;
  impersonator_id: number | null;
  created_at: CreatedAt;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  /** The keyed hash of the address the session was last used from (0040_address_keys). */
  address_key: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A state-changing request made in a session opened by impersonation (0032): who acted, as whom. */
export interface ImpersonatedRequestsTable {
  id: Generated<number>;
  org_id: string;
  actor_user_id: number;
  as_user_id: number;
  method: string;
  path: string;
  status: number;
  correlation_id: string;
  created_at: CreatedAt;
}

/** An administrator's invoice credit grant, made or refused (0033): append-only. */
export interface InvoiceCreditGrantsTable {
  id: Generated<number>;
  org_id: string;
  granted_by: number;
  user_id: number | null;
  company: string | null;
  currency: string;
  old_limit_minor: number | null;
  new_limit_minor: number;
  outcome: 'granted' | 'refused';
  reason: string | null;
  created_at: CreatedAt;
}

export interface AuthFailuresTable {
  id: Generated<number>;
  account_key: string;
  failed_at: CreatedAt;
  /** The address the failed attempt came from (backoff is per account and address); null for mail-request rows. */
  client_ip: ColumnType<string | null, string | null | undefined, string | null>;
}

export type TokenPurpose = 'password_reset' | 'impersonation' | 'signup';

export interface OneTimeTokensTable {
  token_hash: string;
  purpose: TokenPurpose;
  org_id: string;
  user_id: number | null;
  issued_by: number | null;
  payload: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: CreatedAt;
}

export type OutboxStatus = 'pending' | 'sent' | 'captured' | 'failed';

export interface OutboxTable {
  id: Generated<number>;
  org_id: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  status: Generated<OutboxStatus>;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: CreatedAt;
  sent_at: Timestamp | null;
  /** While set in the future, one delivery run owns the row. */
  claimed_until: Timestamp | null;
  /** The correlation id the queuing request (or job run) logged under; its delivery logs under it too. */
  correlation_id: string | null;
}

export interface DestinationsTable {
  id: Generated<number>;
  slug: string;
  name: string;
  country_code: string;
  country_name: string;
  latitude: string;
  longitude: string;
  image_path: string;
  /** Lowest nightly price seen, in USD minor units, for teasers. */
  from_price_usd_minor: number;
  time_zone: string | null;
  airport_iata: string | null;
  kind: string | null;
}

export interface InventoryUnitsTable {
  id: Generated<number>;
  product: string;
  supplier_code: string;
  /** What is sold (a room type on a hotel, a cabin on a flight…), shared by its units. */
  item_ref: string;
  /** Which physical unit: a room number, a seat, a plate, a table. */
  unit_label: string;
}

export type HoldStatus = 'active' | 'released' | 'expired' | 'booked';

export interface HoldsTable {
  id: Generated<string>;
  token: string;
  org_id: string;
  user_id: number | null;
  product: string;
  item_ref: string;
  starts_at: Timestamp;
  ends_at: Timestamp;
  quantity: number;
  status: HoldStatus;
  expires_at: Timestamp;
  created_at: CreatedAt;
  /** The pricing choices made when holding (fare, passengers, party size…), as a JSON text on insert. */
  selection: ColumnType<Record<string, string> | null, string | null | undefined, string | null>;
  /** The hold's quote (app/domain/quote.ts), as JSON text when written; null for a hold made before 0019. */
  quote: ColumnType<unknown, string | null | undefined, string | null>;
  /** The address that made it, for the per-visitor cap on active holds. */
  client_ip: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface UnitAllocationsTable {
  id: Generated<number>;
  unit_id: number;
  hold_id: string;
  /** A tstzrange literal, half-open: '[start,end)'. */
  during: string;
  expires_at: Timestamp | null;
}

export interface HotelsTable {
  id: Generated<number>;
  slug: string;
  destination_slug: string;
  name: string;
  stars: number;
  guest_rating: string;
  address: string;
  latitude: string;
  longitude: string;
  image_path: string;
  description: string;
  supplier_code: string;
  /** 'hotel' unless written otherwise (migration 0011_holiday_homes). */
  property_type: ColumnType<PropertyType, PropertyType | undefined, PropertyType>;
  /**
   * The property's content (migration 0026_property_details, decision 0036), JSON text when
   * written; read through propertyContentOf (app/domain/property-content.ts), which checks it.
   */
  descriptions: ColumnType<unknown, string | undefined, string>;
  amenities: ColumnType<unknown, string | undefined, string>;
  policies: ColumnType<unknown, string | null | undefined, string | null>;
  checkin_instructions: ColumnType<unknown, string | null | undefined, string | null>;
  images: ColumnType<unknown, string | undefined, string>;
}

export interface HotelRoomTypesTable {
  id: Generated<number>;
  hotel_id: number;
  code: string;
  name: string;
  max_guests: number;
  net_nightly_usd_minor: number;
  tax_rate_bp: number;
  b2c_markup_bp: number;
  b2b_markup_bp: number;
  strike_pct: number;
  refundable: boolean;
}

export type ResortKind = 'RST' | 'STY';

export interface ResortsTable {
  id: Generated<number>;
  slug: string;
  destination_slug: string;
  name: string;
  /** RST: a resort; STY: a holiday stay. Both sold by the week. */
  kind: ResortKind;
  stars: number;
  /** 0–10, one decimal, as a numeric string. */
  review_score: string;
  address: string;
  latitude: string;
  longitude: string;
  image_path: string;
  provider: string;
  whitelabel_no: number;
  description: string;
}

export interface ResortUnitTypesTable {
  id: Generated<number>;
  resort_id: number;
  code: string;
  name: string;
  sleeps: number;
  /** Per week, USD minor units: our cost, the agents' (B2B) price, the public (B2C) price. */
  unit_cost_usd_minor: number;
  feed_cost_usd_minor: number;
  retail_price_usd_minor: number;
  /** 0 = Sunday … 6 = Saturday: a week of this unit type starts on this day. */
  week_start_weekday: number;
}

export interface ResortReviewsTable {
  id: Generated<number>;
  resort_id: number;
  author: string;
  rating: number;
  title: string;
  body: string;
  /** 'YYYY-MM' */
  stay_month: string;
}

export type BookingStatus = 'initiated' | 'pending' | 'confirmed' | 'cancelled' | 'failed';

export interface BookingsTable {
  id: Generated<string>;
  /** What the traveller quotes to support, e.g. 'WAN-7K2QX9'. */
  reference: string;
  org_id: string;
  user_id: number | null;
  hold_id: string | null;
  product: string;
  item_ref: string;
  /** 'YYYY-MM-DD' */
  starts_on: string;
  ends_on: string | null;
  guest_first_name: string;
  guest_last_name: string;
  guest_email: string;
  guest_phone: string | null;
  status: BookingStatus;
  created_at: CreatedAt;
  updated_at: Timestamp;
  /** What the booking charges, frozen when payment starts (minor units of `currency`). */
  amount_minor: ColumnType<number | null, number | null | undefined, number | null>;
  currency: ColumnType<string | null, string | null | undefined, string | null>;
  payment_method: ColumnType<PaymentMethod | null, PaymentMethod | null | undefined, PaymentMethod | null>;
  /** The OXXO voucher reference while the booking waits to be paid in store. */
  oxxo_reference: ColumnType<string | null, string | null | undefined, string | null>;
  /** Why the booking failed, shown in the Booking-failed modal. */
  failure_text: ColumnType<string | null, string | null | undefined, string | null>;
  confirmed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The status its owner last saw on its success page; a different status is a message (0013). */
  seen_status: ColumnType<BookingStatus | null, BookingStatus | null | undefined, BookingStatus | null>;
  /** When the OXXO voucher lapses unpaid (org `payments.oxxo.voucherHours` after issue; 0015). */
  oxxo_expires_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The invoice credit line an invoice booking drew on (0016, decision 0019). */
  invoice_credit_line_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** A car booked on a card guarantee: the gateway customer and vaulted token, and 'visa 1111'. */
  guarantee_customer_id: ColumnType<string | null, string | null | undefined, string | null>;
  guarantee_token: ColumnType<string | null, string | null | undefined, string | null>;
  guarantee_card: ColumnType<string | null, string | null | undefined, string | null>;
  /** The impersonating author who really made it (0032); null when its user did. */
  acted_by_user_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export type PaymentMethod = 'card' | 'saved_card' | 'invoice' | 'oxxo' | 'zero' | 'guarantee';

/** An organisation's invoice credit for one user or one company (0016, decision 0019). */
export interface InvoiceCreditLinesTable {
  id: Generated<number>;
  org_id: string;
  user_id: number | null;
  company: string | null;
  limit_minor: number;
  currency: string;
  updated_at: Timestamp;
}

export interface SavedCardsTable {
  id: Generated<string>;
  user_id: number;
  gateway_customer_id: string;
  /** The gateway's vaulted payment method token; never shown to the browser. */
  token: string;
  brand: string;
  last4: string;
  /** 'MM' */
  exp_month: string;
  /** 'YYYY' */
  exp_year: string;
  nickname: string | null;
  is_default: Generated<boolean>;
  created_at: CreatedAt;
}

export type PaymentAttemptStatus = 'created' | 'authorized' | 'captured' | 'voided' | 'declined' | 'failed' | 'unknown' | 'awaiting_payment' | 'completed';

export interface PaymentAttemptsTable {
  id: Generated<string>;
  booking_id: string;
  idempotency_key: string;
  request_fingerprint: string;
  method: PaymentMethod;
  amount_minor: number;
  currency: string;
  status: PaymentAttemptStatus;
  gateway_transaction_id: string | null;
  failure: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  updated_at: Timestamp;
  /** The impersonating author who really made it (0032); null when its user did. */
  acted_by_user_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The address the payment was asked from (0034; spec §7 `ip`); null for attempts made before. */
  client_ip: ColumnType<string | null, string | null | undefined, string | null>;
  /** The provider's payment page the payer was sent to (0035; decision 0055); null for every other attempt. */
  hosted_url: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface CarRentalCompaniesTable {
  id: Generated<number>;
  code: string;
  name: string;
  /** The payment provider the company's cars are sold through (car payment mode, 0016). */
  payment_provider: ColumnType<'PG_01' | 'PG_02' | 'PG_03', 'PG_01' | 'PG_02' | 'PG_03' | undefined, 'PG_01' | 'PG_02' | 'PG_03'>;
}

export interface CarLocationsTable {
  id: Generated<number>;
  /** e.g. CUNA (Cancún airport desk), CUNC (Cancún downtown office). */
  code: string;
  destination_slug: string;
  kind: 'airport' | 'downtown';
  name: string;
  address: string;
}

export interface CarOffersTable {
  id: Generated<number>;
  code: string;
  /** The pickup desk; the car may go back to any desk of the same city. */
  location_id: number;
  company_id: number;
  car_family: 'Economy' | 'Compact' | 'SUV' | 'Van' | 'Luxury';
  /** The example model, e.g. 'Toyota RAV4 or similar'. */
  car_type: string;
  passengers: number;
  baggage: number;
  doors: number;
  is_ac: boolean;
  transmission: 'automatic' | 'manual';
  /** null: unlimited mileage. */
  mileage_km_per_day: number | null;
  free_cancellation: boolean;
  payment: 'prepaid' | 'postpaid';
  guarantee_needed: boolean;
  /** Per rental day, USD minor units, before our markup and tax. */
  daily_net_usd_minor: number;
  tax_rate_bp: number;
  b2c_markup_bp: number;
  b2b_markup_bp: number;
  image_path: string;
  /** A pricing rule set this offer's rate (car payment mode, 0016). */
  pricing_rule: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface AirlinesTable {
  code: string;
  name: string;
}

export interface FlightsTable {
  id: Generated<number>;
  airline_code: string;
  flight_number: string;
  /** IATA codes. */
  origin: string;
  destination: string;
  /** Local departure time at the origin, minutes after midnight. */
  departure_minutes: number;
  duration_minutes: number;
  /** Bit n set = operates on weekday n of the local departure date (0 = Sunday). */
  days_operated: number;
  aircraft: string;
  tax_rate_bp: number;
  b2c_markup_bp: number;
  b2b_markup_bp: number;
  supplier_code: string;
}

export type FlightCabin = 'economy' | 'premium_economy' | 'business';

export interface FlightCabinsTable {
  flight_id: number;
  cabin: FlightCabin;
  seats: number;
  /** One adult's net fare, USD minor units. */
  net_usd_minor: number;
}

export interface FareBrandsTable {
  cabin: FlightCabin;
  code: string;
  name: string;
  /** Order within the cabin, cheapest first. */
  rank: number;
  /** The brand's factor on the cabin fare, basis points. */
  factor_bp: number;
  carry_on_bags: number;
  checked_bags: number;
  changes: 'none' | 'fee' | 'free';
  refundable: boolean;
  seat_choice: boolean;
}

export type OfferProduct = ProductOfFamily<'offer'>;

export interface OffersTable {
  id: Generated<number>;
  product: OfferProduct;
  slug: string;
  destination_slug: string;
  name: string;
  description: string;
  image_path: string;
  /** 0–10, one decimal, as a numeric string. */
  guest_rating: string;
  supplier_code: string;
  /** The product's own facts, typed per product in app/domain/offer-facts.ts. */
  facts: ColumnType<unknown, string, string>;
}

export interface OfferOptionsTable {
  id: Generated<number>;
  offer_id: number;
  code: string;
  name: string;
  description: string;
  unit_capacity: number;
  bag_capacity: number | null;
  duration_minutes: number;
  /** 'HH:MM' times; empty: the traveller's own time (transfers). */
  start_times: ColumnType<string[], string, string>;
  /** 0 = Sunday … 6 = Saturday. */
  weekdays: ColumnType<number[], string, string>;
  net_usd_minor: number;
  tax_rate_bp: number;
  b2c_markup_bp: number;
  b2b_markup_bp: number;
  strike_pct: number;
  refundable: boolean;
}

/** One row: the version of what anonymous pages show (0025_content_version). */
export interface ContentVersionTable {
  id: number;
  version: string;
}

export interface DB {
  content_version: ContentVersionTable;
  organisations: OrganisationsTable;
  languages: LanguagesTable;
  currencies: CurrenciesTable;
  exchange_rates: ExchangeRatesTable;
  users: UsersTable;
  saved_travelers: SavedTravelersTable;
  membership_plans: MembershipPlansTable;
  user_subscriptions: UserSubscriptionsTable;
  subscription_orders: SubscriptionOrdersTable;
  renewal_charges: RenewalChargesTable;
  impersonated_requests: ImpersonatedRequestsTable;
  invoice_credit_grants: InvoiceCreditGrantsTable;
  sessions: SessionsTable;
  auth_failures: AuthFailuresTable;
  one_time_tokens: OneTimeTokensTable;
  outbox: OutboxTable;
  destinations: DestinationsTable;
  inventory_units: InventoryUnitsTable;
  holds: HoldsTable;
  unit_allocations: UnitAllocationsTable;
  hotels: HotelsTable;
  hotel_room_types: HotelRoomTypesTable;
  resorts: ResortsTable;
  resort_unit_types: ResortUnitTypesTable;
  resort_reviews: ResortReviewsTable;
  bookings: BookingsTable;
  saved_cards: SavedCardsTable;
  payment_attempts: PaymentAttemptsTable;
  car_rental_companies: CarRentalCompaniesTable;
  car_locations: CarLocationsTable;
  car_offers: CarOffersTable;
  airlines: AirlinesTable;
  flights: FlightsTable;
  flight_cabins: FlightCabinsTable;
  fare_brands: FareBrandsTable;
  offers: OffersTable;
  offer_options: OfferOptionsTable;
  rate_limit_counters: RateLimitCountersTable;
  invoice_credit_lines: InvoiceCreditLinesTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_transactions: LedgerTransactionsTable;
  ledger_entries: LedgerEntriesTable;
  ledger_reservations: LedgerReservationsTable;
  instruments: InstrumentsTable;
  coupons: CouponsTable;
  checkout_applications: CheckoutApplicationsTable;
  wallet_topups: WalletTopupsTable;
  trips: TripsTable;
  trip_members: TripMembersTable;
  trip_items: TripItemsTable;
  trip_invitations: TripInvitationsTable;
  config_versions: ConfigVersionsTable;
  config_heads: ConfigHeadsTable;
  config_approvals: ConfigApprovalsTable;
  config_audit: ConfigAuditTable;
  config_roles: ConfigRolesTable;
  fraud_salts: FraudSaltsTable;
  device_fingerprints: DeviceFingerprintsTable;
  user_events: UserEventsTable;
  platform_secrets: PlatformSecretsTable;
  fraud_decisions: FraudDecisionsTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Session = Selectable<SessionsTable>;
export type Destination = Selectable<DestinationsTable>;
export type Currency = Selectable<CurrenciesTable>;
export type Language = Selectable<LanguagesTable>;

/** One fixed window of one action for one visitor (key = action:visitor:window). */
export interface RateLimitCountersTable {
  key: string;
  hits: number;
  expires_at: Timestamp;
}

/** People a user often books for (/user-details); 0017. */
export interface SavedTravelersTable {
  id: Generated<number>;
  public_id: Generated<string>;
  user_id: number;
  first_name: string;
  last_name: string;
  /** YYYY-MM-DD (dates come back as text on both engines). */
  date_of_birth: string | null;
  nationality: string | null;
  email: string | null;
  phone: string | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** Stored-value ledger (0020; docs/decisions/0030). Amounts are signed minor units. */
export interface LedgerAccountsTable {
  id: Generated<number>;
  org_id: string;
  owner_user_id: number | null;
  kind: InstrumentKind;
  point_type: string | null;
  role: AccountRole;
  /** On a 'reserved' account: the member's 'available' account it holds value for. */
  available_account_id: number | null;
  currency: string;
  /** The sum of the account's entries, kept by a trigger; never written by code. */
  balance_minor: ColumnType<number, never, never>;
  created_at: CreatedAt;
}

export interface LedgerTransactionsTable {
  id: Generated<number>;
  org_id: string;
  kind: LedgerTransactionKind;
  reference: string;
  idempotency_key: string;
  /** What the request asked for, so a reused key with other arguments is refused. */
  fingerprint: string;
  created_at: CreatedAt;
}

export interface LedgerEntriesTable {
  id: Generated<number>;
  transaction_id: number;
  account_id: number;
  amount_minor: number;
  currency: string;
}

export interface LedgerReservationsTable {
  id: Generated<number>;
  org_id: string;
  /** The member's 'available' account the value was reserved from. */
  account_id: number;
  reference: string;
  amount_minor: number;
  refunded_minor: Generated<number>;
  currency: string;
  status: 'reserved' | 'captured' | 'released';
  reserve_transaction_id: number;
  settle_transaction_id: number | null;
  created_at: CreatedAt;
}

/** A member's cash card, point type, wallet, certificate or discount card (0021; decision 0031). */
export interface InstrumentsTable {
  id: Generated<string>;
  org_id: string;
  owner_user_id: number;
  kind: Exclude<InstrumentKind, 'coupon'>;
  /** The card number, point type code, wallet or certificate code. */
  code: string;
  title: string;
  /** The currency of the instrument's value (for points: of one point's value). */
  currency: string;
  /** Its 'available' ledger account (points: in points, currency 'PTS'). */
  account_id: number;
  details: ColumnType<Record<string, unknown>, string | undefined, string>;
  active: Generated<boolean>;
  expires_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: CreatedAt;
}

/** An organisation's coupon code (0021): its rules and how often it was used. */
export interface CouponsTable {
  id: Generated<string>;
  org_id: string;
  code: string;
  title: string;
  discount_kind: 'percent' | 'fixed';
  /** Decimal string, for 'percent'. */
  percent: string | null;
  amount_minor: number | null;
  currency: string;
  /** Product codes it applies to; empty: every product. */
  products: ColumnType<string[], string | undefined, string>;
  min_spend_minor: Generated<number>;
  expires_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  uses_per_user: Generated<number>;
  uses_total: number | null;
  used_total: Generated<number>;
  /** Whether a cancellation gives a single use of this coupon back (0033; default true). */
  returned_on_cancel: Generated<boolean>;
  /** Only this member's; null: every member of the organisation. */
  for_user_id: number | null;
  created_at: CreatedAt;
}

export type ApplicationStatus = 'applied' | 'captured' | 'released' | 'refunded';

/** An instrument applied to a hold at checkout (0021; decision 0031). */
export interface CheckoutApplicationsTable {
  id: Generated<string>;
  org_id: string;
  hold_id: string;
  user_id: number;
  kind: InstrumentKind;
  instrument_id: string | null;
  coupon_id: string | null;
  /** What it takes off the charge, in minor units of `currency` (the charge currency). */
  amount_minor: number;
  currency: string;
  /** What it holds of the instrument: minor units of its currency, points, or 1 coupon use. */
  units: number;
  reservation_id: number | null;
  status: ApplicationStatus;
  detail: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: CreatedAt;
  settled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** A wallet top-up (0022, product WLT): written before its card charge, credited once. */
export interface WalletTopupsTable {
  id: Generated<string>;
  org_id: string;
  user_id: number;
  instrument_id: string;
  idempotency_key: string;
  request_fingerprint: string;
  amount_minor: number;
  currency: string;
  status: 'created' | 'credited' | 'declined' | 'failed' | 'unknown';
  gateway_transaction_id: string | null;
  failure: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** A user's trip (0024): its dates span its items'. */
export interface TripsTable {
  id: Generated<string>;
  org_id: string;
  owner_user_id: number;
  name: string;
  /** 'YYYY-MM-DD' */
  starts_on: string;
  ends_on: string;
  city: string | null;
  country: string | null;
  /** Decimal strings. */
  latitude: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  longitude: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  image: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** Who is on a trip (0024): its owner, travellers and viewers. */
export interface TripMembersTable {
  trip_id: string;
  user_id: number;
  role: TripRole;
  created_at: CreatedAt;
}

/** One item of a trip (0024): the spec §3 payload as sent, or a booking that joined. */
export interface TripItemsTable {
  id: Generated<string>;
  trip_id: string;
  product: string;
  item_key: string;
  payload: ColumnType<Record<string, unknown>, string, string>;
  starts_on: string;
  ends_on: string;
  booking_id: string | null;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** An invitation to a trip (0024): the access code's hash only; it works once, until it expires. */
export interface TripInvitationsTable {
  id: Generated<string>;
  trip_id: string;
  email_normalized: string;
  access_code_hash: string;
  role: Exclude<TripRole, 'owner'>;
  invited_by: number | null;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  used_by: number | null;
  created_at: CreatedAt;
}

/** One immutable version of an organisation's configuration (0036, decision 0063). */
export interface ConfigVersionsTable {
  id: Generated<number>;
  org_id: string;
  parent_id: number | null;
  schema_version: number;
  /** The bundle's JSON text, exactly as hashed. */
  content: string;
  /** sha256 of `content`, hex. */
  content_hash: string;
  author_id: number | null;
  /** Who wrote it: an e-mail, or `seed` / `config:import`. */
  author: string;
  note: Generated<string>;
  created_at: CreatedAt;
}

/** An organisation's published and draft pointers (0036). */
export interface ConfigHeadsTable {
  org_id: string;
  published_id: number;
  draft_id: number;
  /** The hash of the files' bundle last seeded from org-configs/ and layouts/. */
  seed_hash: string | null;
  /** Four eyes: publishing needs another publisher's approval of the version. */
  needs_approval: Generated<boolean>;
  /** The hash of the organisation's last audit entry. */
  audit_hash: string;
  updated_at: Timestamp;
}

export interface ConfigApprovalsTable {
  version_id: number;
  approver_id: number;
  approved_at: CreatedAt;
}

/** One entry of an organisation's append-only, hash-chained configuration audit log (0036). */
export interface ConfigAuditTable {
  seq: Generated<number>;
  org_id: string;
  /** ISO time, as hashed. */
  at: string;
  actor: string;
  action: string;
  version_id: number | null;
  note: string;
  /** JSON text, as hashed. */
  detail: string;
  prev_hash: string;
  hash: string;
}

export interface ConfigRolesTable {
  /** '*' for the platform's admins. */
  org_id: string;
  user_id: number;
  role: ConfigRole;
  granted_at: CreatedAt;
}

/** Each organisation's salt for the HMACs of fingerprints and addresses (migration 0038). */
export interface FraudSaltsTable {
  org_id: string;
  salt: string;
}

/** A fingerprint a page posted (spec §7 POST /api/iqps/fqs): hashes only, kept 90 days. */
export interface DeviceFingerprintsTable {
  id: Generated<number>;
  org_id: string;
  user_id: number | null;
  device_hash: string;
  ip_hash: string;
  fraud_chance: number | null;
  created_at: CreatedAt;
}

/** A user event of the fraud channel (spec §4), numbered per user (`users.event_seq`): the outbox sockets read after their last number. */
export interface UserEventsTable {
  user_id: number;
  seq: number;
  kind: 'request_fingerprint' | 'user_blocked' | 'min_checkin_days_updated';
  /** min_checkin_days_updated only: the user's lead days now. */
  min_checkin_days: number | null;
  /** The correlation id the event was committed under (0043_user_event_correlation); the instance that sends it logs under it. */
  correlation_id: Generated<string | null>;
  created_at: CreatedAt;
}

/** The platform's own secrets, made on first use (0040_address_keys): `address-key` hashes client addresses. */
export interface PlatformSecretsTable {
  name: string;
  secret: string;
}

/** One fraud screening as decided (0041_fraud_decisions): what it saw, why and what it did; keys are org-salted HMACs. */
export interface FraudDecisionsTable {
  id: Generated<number>;
  org_id: string;
  stage: 'sign_in' | 'hold' | 'payment';
  user_id: number | null;
  booking_id: string | null;
  card_key: string | null;
  email_key: string | null;
  address_key: string;
  device_key: string | null;
  signals: ColumnType<Record<string, unknown>, string, string>;
  score: number;
  hits: ColumnType<unknown[], string, string>;
  rules_version: string;
  action: 'allow' | 'require_3ds' | 'review' | 'block';
  amount_minor: number | null;
  currency: string | null;
  outcome: ColumnType<'paid' | 'declined' | null, 'paid' | 'declined' | null | undefined, 'paid' | 'declined' | null>;
  gateway_risk: ColumnType<'approve' | 'review' | 'decline' | null, 'approve' | 'review' | 'decline' | null | undefined, 'approve' | 'review' | 'decline' | null>;
  reviewed_by: ColumnType<number | null, number | null | undefined, number | null>;
  reviewed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  review_verdict: ColumnType<'approved' | 'refunded' | 'blocked' | null, 'approved' | 'refunded' | 'blocked' | null | undefined, 'approved' | 'refunded' | 'blocked' | null>;
  created_at: CreatedAt;
}
