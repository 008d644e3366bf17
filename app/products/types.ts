/**
 * What a product is, as the code needs to know it (docs/decisions/0028). Each product has one
 * module under app/products/ that fills in a `ProductDefinition`; app/products/registry.ts lists
 * them `satisfies Record<ProductCode, ProductDefinition>`, so a code without a module, or a
 * module missing a piece, does not compile. These modules are pure facts, safe in the browser
 * bundle; the server-only pieces (suppliers) are in app/products/registry.server.ts.
 */

/**
 * The closed list of product codes the site sells. SUB (memberships) and WLT (wallet top-ups)
 * join with their issues; until then they are only `PendingProductCode`s of the org config.
 */
export const PRODUCT_CODES = ['HLT', 'FLT', 'CAR', 'ACT', 'TRF', 'RST', 'STY', 'WEEKS', 'CRUISE', 'RESTAURANT'] as const;
export type ProductCode = (typeof PRODUCT_CODES)[number];

/** Codes an org config may already name whose products are not built yet (no pages, no checkout). */
export const PENDING_PRODUCT_CODES = ['SUB', 'WLT'] as const;
export type PendingProductCode = (typeof PENDING_PRODUCT_CODES)[number];

/** A membership's bookings (subscriptions and their renewals). */
export const SUBSCRIPTION = 'SUB' satisfies PendingProductCode;

/**
 * The page stack a product's code lives in: 'hotel' (the root hotel flow and /holidaystays),
 * 'flight', 'car', 'offer' (the scheduled-offer engine: activities, transfers, cruises,
 * restaurants) and 'weeks' (resorts, stays and the /weeks umbrella).
 */
export type ProductFamily = 'hotel' | 'flight' | 'car' | 'offer' | 'weeks';

/** A landing page (spec §2 ads-eligible landing pages plus /hotels) that sells this product. */
export type LandingPageDefinition = {
  /** The one-segment path: /hotels, /holidaystays, … */
  slug: string;
  /** Whether the page opens with the product's search form (else it says search is not online yet). */
  search: boolean;
  /** The ad category (ads' petition_type_str) the page shows; null: every category. */
  adsCategory: ProductCode | null;
  /** Whether the header's product navigation links to this page (one per product at most). */
  nav: boolean;
};

/** The routes of a product's search form, results, details and checkout (Remix route paths). */
export type ProductPages = {
  /** The page with the search form (a landing page). */
  searchForm: string;
  results: string;
  /** null: the product has no details or checkout page of its own (WEEKS lists its kinds', whose pages hold). */
  details: string | null;
  checkout: string | null;
};

/** Who a quote is for, i.e. what the hold's party counts (see booking-view.ts partyFacts). */
export type PartyKind =
  /** Rooms (or holiday homes) held, and guests per room. */
  | 'rooms'
  /** Passengers: adults, children and infants. */
  | 'passengers'
  /** A driver (the driver's age prices the rental); no party count is shown. */
  | 'driver'
  /** Guests, each taking a unit (a place on a tour). */
  | 'guests'
  /** Guests sharing units (a vehicle, a cabin, a table): both counts. */
  | 'guestsAndUnits'
  /** How many a unit sleeps (a resort or holiday-stay week). */
  | 'sleeps';

/**
 * What a quote on a hold of this product records (docs/decisions/0025): who it is for, and the
 * keys of its lines and fees. `buildQuote` takes no other key for the product (see
 * `PriceLineOf`), and the holds test checks every product's recorded quote against both lists.
 */
export type QuoteDescription = {
  party: PartyKind;
  /** Every key the quote's lines and fees may have. */
  priceLines: readonly string[];
  /** The keys every quote of the product has (its checkout shows them): some of `priceLines`. */
  requiredLines: readonly string[];
};

/**
 * Where a paid booking of the product lands (spec §2 routes): `page` with `?booking_id=`.
 * `holidayHomesPage`: the hotel flow's holiday homes land under /holidaystays. A product whose
 * bookings are made as other products (WEEKS books as RST or STY) says which instead.
 */
export type SuccessDefinition = { page: string; holidayHomesPage?: string } | { bookedAs: readonly ProductCode[] };

/** The payment options a product's checkout may offer, on top of the organisation's own settings. */
export type PaymentRules = {
  /** 'pay with invoice' (spec §4: never for SUB and WLT). */
  invoice: boolean;
  /** 'oxxo' cash payment. */
  oxxo: boolean;
  /** A car booked on a verified card kept as its guarantee (car payment mode 'iframe'). */
  cardGuarantee: boolean;
  /** The card provider's 'Client CC' entry: the customer's card passed to the supplier (cars). */
  clientCardToSupplier: boolean;
};

/** Spec §3 "Trip list payloads": the fields every product's trip list payload carries. */
export type TripListCommon = {
  /** The trip's id (a uuid) when adding to or changing a trip; null makes a new trip. */
  trip_list_id: string | null;
  trip_list_name: string;
  /** The traveller's public user id (the session's `userId`). */
  user_id: string;
  org_id: string;
  checkin_date: string;
  checkout_date: string;
  type: number;
  trip_image: string;
  usr_type: number;
};

/** What the caller knows of the trip list itself (its id when updating, its name, the traveller). */
export type TripListInput = {
  tripListId: string | null;
  tripListName: string;
  userId: string;
  orgId: string;
  checkinDate: string;
  checkoutDate: string;
  tripImage: string;
  usrType?: number;
};

/** The spec §3 trip list payloads: scheduled offers (activities, cruises, restaurants) send the activity one, resorts, stays and weeks the resort one. */
export type TripPayloadShape = 'hotel' | 'flight' | 'car' | 'transfer' | 'offer' | 'resort';

/** The spec §7 "Trips" calls that create and update a product's trip list entry. */
export type TripListCalls = { create: string; update: string };

/** A payload field by its path ('request.pickup_date') and the name a refusal gives it ('pickup date'). */
export type TripField = readonly [path: string, label: string];

/**
 * What the server checks and reads of a product's trip list payload (app/domain/trips.ts).
 * Products sharing calls share their rules.
 */
export type TripRules = {
  /** The product as spec §8's console message names it: 'data required for CAR trip creation'. */
  label: string;
  /** The fields without which the call is refused (spec §8: it returns false), in the order checked. */
  required: readonly TripField[];
  /** The paths (among `required`) that tell one item of the product from another on a trip. */
  key: readonly string[];
  /** Where the payload says where the item is (the trip's destination and its default name). */
  place: { city?: string; country?: string; lat?: string; lng?: string };
};

/**
 * A product's trip list payload (spec §3): the create/update calls, the server's rules for the
 * payload, and a pure builder from the trip list and the booked item to the payload. `Item` is
 * the product's own input type; the registry only requires a builder of some item.
 */
export type TripListDefinition<Item = never, Payload extends TripListCommon = TripListCommon> = {
  /** Which spec §3 payload it sends (My trips reads each its own way, app/domain/trip-view.ts); products sending the same one share it. */
  payload: TripPayloadShape;
  calls: TripListCalls;
  build: (trip: TripListInput, item: Item) => Payload;
};

export type ProductDefinition = {
  code: ProductCode;
  /** The code the loyalty calls send as productType (spec §7: HLT is sent as HTL). */
  loyaltyCode: string;
  family: ProductFamily;
  /** First path segments whose pages are this product's (spec §2 "Product code from the first path segment"). */
  pathSegments: readonly string[];
  landingPages: readonly LandingPageDefinition[];
  pages: ProductPages;
  /** Ads of this category are for signed-in visitors only (spec §2: resorts and stays ads). */
  membersOnlyAds: boolean;
  quote: QuoteDescription;
  success: SuccessDefinition;
  payment: PaymentRules;
  /** The checkout acknowledgement's links (spec §2 "Checkout payment block"): flights have their own set. */
  acknowledgement: 'standard' | 'flight';
  tripList: TripListDefinition<never>;
};

/** Spec §7 "Trips": the trip calls send type 3 and usr_type 2 by default. */
export const TRIP_LIST_TYPE = 3;
export const DEFAULT_USR_TYPE = 2;

/** The common fields of every product's trip list payload. */
export function tripListCommon(trip: TripListInput): TripListCommon {
  return {
    trip_list_id: trip.tripListId,
    trip_list_name: trip.tripListName,
    user_id: trip.userId,
    org_id: trip.orgId,
    checkin_date: trip.checkinDate,
    checkout_date: trip.checkoutDate,
    type: TRIP_LIST_TYPE,
    trip_image: trip.tripImage,
    usr_type: trip.usrType ?? DEFAULT_USR_TYPE,
  };
}

/** A definition, checked against `ProductDefinition` while its own literal types are kept. */
export const defineProduct = <const D extends ProductDefinition>(definition: D & RequiredLinesAmongPriceLines<D> & OfferRulesOfOffers<D>): D => definition;

/** The fields a scheduled offer's search form may ask for (app/domain/offers.ts reads them). */
export type OfferSearchField = 'destination' | 'date' | 'month' | 'time' | 'guests' | 'bags' | 'trip' | 'returnDate' | 'returnTime';

/** How a fact of an offer is stored: text, a number, or a list of texts. */
export type OfferFactKind = 'string' | 'number' | 'strings';

/** What a scheduled-offer product (family 'offer') declares beyond the registry's fields: everything the one offer engine varies by. */
export type OfferDefinition = {
  /** 'guest': one unit per guest (a place on a tour); 'booking': one unit fits the party (a table, a vehicle, a cabin). */
  unitsPer: 'guest' | 'booking';
  /** What the net price is counted per. */
  priceBy: 'guest' | 'unit';
  maxGuests: number;
  /** The fields its search form asks for (and its URL carries). */
  searchFields: readonly OfferSearchField[];
  /** What its offers know beyond the shared columns (stored as jsonb, checked when read), by name; its results line is `offers.facts.<code>` with them. */
  facts: Readonly<Record<string, OfferFactKind>>;
  /** The facts a booking's success page lists, in order, each labelled `success.detail.<fact>`. */
  booked: readonly string[];
};

/** A scheduled offer declares its offer rules, and its success page lists only facts it has. */
type OfferRulesOfOffers<D extends ProductDefinition> = D['family'] extends 'offer'
  ? { offer: OfferDefinition & { booked: readonly (D extends { offer: { facts: infer F } } ? keyof F & string : never)[] } }
  : unknown;

/** A quote's required lines are among its price lines: a typo in either does not compile. */
type RequiredLinesAmongPriceLines<D extends ProductDefinition> = { quote: { requiredLines: readonly D['quote']['priceLines'][number][] } };
