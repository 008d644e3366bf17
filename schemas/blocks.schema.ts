import type { JSONSchema } from 'json-schema-to-ts';
import { PENDING_PRODUCT_CODES, PRODUCT_CODES } from '~/products/types';

/**
 * One schema per block type. Each declares its `type` tag as a const so that the layout's
 * `oneOf` can use Ajv's discriminator and `FromSchema` can narrow by tag.
 */
const blockId = { type: 'string', pattern: '^[a-z][a-zA-Z0-9-]*$' } as const;
const variant = { type: 'string', minLength: 1 } as const;

/** A block whose props are required (its props schema has required fields). */
const block = <T extends string, P extends JSONSchema>(type: T, props: P) =>
  ({
    type: 'object',
    properties: { id: blockId, type: { const: type }, variant, props },
    required: ['id', 'type', 'props'],
    additionalProperties: false,
  }) as const;

/** A block whose props may be left out. */
const optionalPropsBlock = <T extends string, P extends JSONSchema>(type: T, props: P) =>
  ({
    type: 'object',
    properties: { id: blockId, type: { const: type }, variant, props },
    required: ['id', 'type'],
    additionalProperties: false,
  }) as const;

const noProps = { type: 'object', properties: {}, additionalProperties: false } as const;

/** The registry's product codes (app/products) and the codes whose products are still to come. */
export const productCodeSchema = {
  type: 'string',
  enum: [...PRODUCT_CODES, ...PENDING_PRODUCT_CODES],
} as const;

export const heroBlockSchema = block('home.hero', {
  type: 'object',
  properties: {
    /** A message key from the UI dictionaries (org copy may override it). */
    titleKey: { type: 'string', minLength: 1 },
    subtitleKey: { type: 'string', minLength: 1 },
    imagePath: { type: 'string', pattern: '^/' },
  },
  required: ['titleKey'],
  additionalProperties: false,
} as const);

export const searchEntryBlockSchema = optionalPropsBlock('home.searchEntry', {
  type: 'object',
  properties: { products: { type: 'array', items: productCodeSchema, uniqueItems: true } },
  additionalProperties: false,
} as const);

export const mapViewBlockSchema = optionalPropsBlock('home.mapView', {
  type: 'object',
  properties: { heightPx: { type: 'integer', minimum: 160, maximum: 800 } },
  additionalProperties: false,
} as const);

export const featuredDestinationsBlockSchema = block('home.featuredDestinations', {
  type: 'object',
  properties: { limit: { type: 'integer', minimum: 1, maximum: 24 } },
  required: ['limit'],
  additionalProperties: false,
} as const);

export const landingIntroBlockSchema = block('landing.intro', {
  type: 'object',
  properties: { titleKey: { type: 'string', minLength: 1 } },
  required: ['titleKey'],
  additionalProperties: false,
} as const);

export const legalDocumentBlockSchema = block('content.legal', {
  type: 'object',
  properties: { document: { type: 'string', enum: ['privacyPolicy', 'termsOfUse'] } },
  required: ['document'],
  additionalProperties: false,
} as const);

export const profileSummaryBlockSchema = optionalPropsBlock('profile.summary', noProps);
export const membershipStatusBlockSchema = optionalPropsBlock('profile.membership', noProps);
export const impersonationBlockSchema = optionalPropsBlock('profile.impersonation', noProps);
export const savedCardsBlockSchema = optionalPropsBlock('profile.savedCards', noProps);
/** The member's points: each type's available and pending points, the loyalty membership number, the latest movements (issue 34). */
export const loyaltyBlockSchema = optionalPropsBlock('profile.loyalty', noProps);
export const tripsListBlockSchema = optionalPropsBlock('trips.list', noProps);
/** The signed-in user's bookings, newest first (issue 4 "After booking"). */
export const myBookingsBlockSchema = optionalPropsBlock('profile.bookings', {
  type: 'object',
  properties: { limit: { type: 'integer', minimum: 1, maximum: 50 } },
  additionalProperties: false,
} as const);

export const hotelSearchBlockSchema = optionalPropsBlock('search.hotel', noProps);

/** /user-details: the user's own traveller details (name, e-mail, phone, nationality). */
export const userDetailsBlockSchema = optionalPropsBlock('profile.details', noProps);
/** /user-details: the people the user often books for, to add, edit and delete. */
export const savedTravelersBlockSchema = optionalPropsBlock('profile.travelers', noProps);
/** /wallet: the member's wallet balance and the card top-up form (product WLT, issue 11). */
export const walletTopupBlockSchema = optionalPropsBlock('wallet.topup', noProps);

/**
 * Sign-in, sign-up and forgot-password layouts (docs/decisions/0027). Each page's form wraps
 * its blocks; which blocks a page needs and allows is app/domain/auth-layouts.ts.
 */
const messageKey = { type: 'string', pattern: '^[a-z][A-Za-z0-9]*(\\.[A-Za-z0-9]+)+$' } as const;
/** A paragraph of copy (an intro, a legal note): a message key the org's copy may override. */
export const authTextBlockSchema = block('auth.text', {
  type: 'object',
  properties: { textKey: messageKey },
  required: ['textKey'],
  additionalProperties: false,
} as const);
/** Sign-in: the e-mail and password fields. */
export const authCredentialsBlockSchema = optionalPropsBlock('auth.credentials', noProps);
/** Sign-up: names, e-mail and password. */
export const authNewAccountBlockSchema = optionalPropsBlock('auth.newAccount', noProps);
/** Sign-up: the invitation's access code (shown when the organisation offers invitation sign-up). */
export const authInvitationCodeBlockSchema = optionalPropsBlock('auth.invitationCode', noProps);
/** Forgot password: the account's e-mail. */
export const authRecoveryEmailBlockSchema = optionalPropsBlock('auth.recoveryEmail', noProps);
/** The form's submit button; the label defaults to the page's own. */
export const authSubmitBlockSchema = optionalPropsBlock('auth.submit', {
  type: 'object',
  properties: { labelKey: messageKey },
  additionalProperties: false,
} as const);
const authLinkProps = {
  type: 'object',
  properties: { promptKey: messageKey, linkKey: messageKey },
  additionalProperties: false,
} as const;
/** Links to the other dialogs: an optional prompt before the link's text. */
export const authForgotLinkBlockSchema = optionalPropsBlock('auth.forgotLink', authLinkProps);
export const authSignUpLinkBlockSchema = optionalPropsBlock('auth.signUpLink', authLinkProps);
export const authSignInLinkBlockSchema = optionalPropsBlock('auth.signInLink', authLinkProps);

/* Checkout blocks (layouts/checkout.*.json, docs/decisions/0026); which a checkout requires is app/domain/page-kinds.ts's. */
/** What is bought: the product's own view (a room, a flight itinerary, a car's facts). */
export const checkoutSummaryBlockSchema = optionalPropsBlock('checkout.summary', {
  type: 'object',
  properties: { showImage: { type: 'boolean' } },
  additionalProperties: false,
} as const);
/** The price lines of the held offer. */
export const checkoutPriceBlockSchema = optionalPropsBlock('checkout.price', noProps);
export const checkoutTravelerBlockSchema = optionalPropsBlock('checkout.traveler', noProps);
/** How to pay: the options, the card forms and their notes. */
export const checkoutPaymentBlockSchema = optionalPropsBlock('checkout.payment', noProps);
export const checkoutAcknowledgementBlockSchema = optionalPropsBlock('checkout.acknowledgement', noProps);
/** COMPLETE BOOKING, with what the card is charged and (on small screens) the total. */
export const checkoutSubmitBlockSchema = optionalPropsBlock('checkout.submit', {
  type: 'object',
  properties: { showMobileTotal: { type: 'boolean' } },
  additionalProperties: false,
} as const);
/** A place the stored-value and membership issues fill; renders nothing until something does. */
export const checkoutSlotNames = ['coupons', 'cashCards', 'points', 'wallets', 'certificates', 'discountCards', 'membership'] as const;
export const checkoutSlotBlockSchema = block('checkout.slot', {
  type: 'object',
  properties: { name: { type: 'string', enum: checkoutSlotNames } },
  required: ['name'],
  additionalProperties: false,
} as const);

/** Every block's schema by its type: the layout schema picks each page kind's from here (schemas/layout.schema.ts). */
export const BLOCK_SCHEMAS = {
  'home.hero': heroBlockSchema,
  'home.searchEntry': searchEntryBlockSchema,
  'home.mapView': mapViewBlockSchema,
  'home.featuredDestinations': featuredDestinationsBlockSchema,
  'landing.intro': landingIntroBlockSchema,
  'content.legal': legalDocumentBlockSchema,
  'profile.summary': profileSummaryBlockSchema,
  'profile.membership': membershipStatusBlockSchema,
  'profile.impersonation': impersonationBlockSchema,
  'profile.savedCards': savedCardsBlockSchema,
  'profile.loyalty': loyaltyBlockSchema,
  'trips.list': tripsListBlockSchema,
  'profile.bookings': myBookingsBlockSchema,
  'search.hotel': hotelSearchBlockSchema,
  'profile.details': userDetailsBlockSchema,
  'profile.travelers': savedTravelersBlockSchema,
  'wallet.topup': walletTopupBlockSchema,
  'auth.text': authTextBlockSchema,
  'auth.credentials': authCredentialsBlockSchema,
  'auth.newAccount': authNewAccountBlockSchema,
  'auth.invitationCode': authInvitationCodeBlockSchema,
  'auth.recoveryEmail': authRecoveryEmailBlockSchema,
  'auth.submit': authSubmitBlockSchema,
  'auth.forgotLink': authForgotLinkBlockSchema,
  'auth.signUpLink': authSignUpLinkBlockSchema,
  'auth.signInLink': authSignInLinkBlockSchema,
  'checkout.summary': checkoutSummaryBlockSchema,
  'checkout.price': checkoutPriceBlockSchema,
  'checkout.traveler': checkoutTravelerBlockSchema,
  'checkout.payment': checkoutPaymentBlockSchema,
  'checkout.acknowledgement': checkoutAcknowledgementBlockSchema,
  'checkout.submit': checkoutSubmitBlockSchema,
  'checkout.slot': checkoutSlotBlockSchema,
} as const;

export type BlockTypeName = keyof typeof BLOCK_SCHEMAS;
