import type { FromSchema } from 'json-schema-to-ts';
import { MEMBER_RATE_PRODUCTS } from '~/domain/member-rates';
import { productCodeSchema } from './product-code.schema';
import { COLOR_PATTERN } from '~/domain/contrast';

import { PAGE_KIND_NAMES, PAGE_KINDS, type PageKind } from '~/domain/page-kinds';
import { CONDITION_OPS, RULE_ACTIONS, RULE_INPUTS, RULE_MODES } from '~/domain/fraud-risk';

/** A layout's id (layouts/<id>.json). */
const layoutRef = { type: 'string', minLength: 1 } as const;
/** A kind an organisation may lay out per product: one layout, or a default and some products' own. */
const byProductLayoutRef = {
  anyOf: [
    layoutRef,
    {
      type: 'object',
      properties: { default: layoutRef, byProduct: { type: 'object', propertyNames: productCodeSchema, additionalProperties: layoutRef } },
      required: ['default'],
      additionalProperties: false,
    },
  ],
} as const;

const color = { type: 'string', pattern: COLOR_PATTERN } as const;
const path = { type: 'string', pattern: '^/[A-Za-z0-9/_-]*$' } as const;
/** A file the server serves from public/ (server/http.ts serves only its brand/ and images/ folders). */
const assetPath = { type: 'string', pattern: '^/(brand|images)/(?!.*\\.\\.)[A-Za-z0-9/_.-]+$' } as const;
const languageCode = { type: 'string', pattern: '^[a-z]{2}-[A-Z]{2}$' } as const;
const currencyCode = { type: 'string', pattern: '^[A-Z]{3}$' } as const;

const period = {
  type: 'object',
  properties: { years: { type: 'integer', minimum: 0, maximum: 10 }, months: { type: 'integer', minimum: 0, maximum: 120 } },
  required: ['years', 'months'],
  additionalProperties: false,
} as const;

/** A booking e-mail's templates by language (app/services/booking/booking-email-template.server.ts). */
const bookingEmail = {
  type: 'object',
  propertyNames: languageCode,
  minProperties: 1,
  additionalProperties: {
    type: 'object',
    properties: { subject: { type: 'string', minLength: 1, maxLength: 300 }, body: { type: 'string', minLength: 1, maxLength: 8000 } },
    required: ['subject', 'body'],
    additionalProperties: false,
  },
} as const;

const isoDay = { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' } as const;

/**
 * One ad banner (spec §3): for every page that shows ads (`ALL`) or a product's landing, by
 * priority (lowest first), shown from `startsOn` to `endsOn` (the organisation's days) when given.
 */
const adItem = {
  type: 'object',
  properties: {
    id: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]{0,39}$' },
    product: { type: 'string', enum: ['ALL', ...productCodeSchema.enum] },
    priority: { type: 'integer', minimum: 0, maximum: 999 },
    title: { type: 'string', minLength: 1, maxLength: 80 },
    subtitle: { type: 'string', maxLength: 160 },
    image: assetPath,
    /** A path of the site, with a query if it names a search (spec §3: an ad may carry a check-in date). */
    link: { type: 'string', pattern: '^/[A-Za-z0-9/_-]*(\\?[A-Za-z0-9=&_.%+-]*)?$' },
    startsOn: isoDay,
    endsOn: isoDay,
  },
  required: ['id', 'product', 'priority', 'title', 'subtitle', 'image', 'link'],
  additionalProperties: false,
} as const;

/**
 * One membership plan (spec §3 "Subscription plan"). Prices are minor units of `currency`. A plan
 * with `chargeAfterDays` is a trial: nothing is charged when it starts, and the renewal price
 * after that many days. `texts` per language: `html` is a Handlebars template the organisation
 * writes (checked when the config loads: a few plain tags, no attributes, no raw `{{{ }}}`).
 */
const membershipPlan = {
  type: 'object',
  properties: {
    code: { type: 'string', pattern: '^[A-Z][A-Z0-9_]{1,31}$' },
    membershipId: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,40}$' },
    currency: currencyCode,
    initialPriceMinor: { type: 'integer', minimum: 0, maximum: 100_000_000 },
    renewalPriceMinor: { type: 'integer', minimum: 0, maximum: 100_000_000 },
    chargeAfterDays: { type: 'integer', minimum: 0, maximum: 365 },
    validity: period,
    autoValidity: period,
    renewable: { type: 'boolean' },
    initChargeOrg: { type: 'boolean' },
    renewChargeOrg: { type: 'boolean' },
    image: assetPath,
    texts: {
      type: 'object',
      propertyNames: languageCode,
      minProperties: 1,
      additionalProperties: {
        type: 'object',
        properties: {
          name: { type: 'string', minLength: 1, maxLength: 60 },
          description: { type: 'string', minLength: 1, maxLength: 300 },
          html: { type: 'string', maxLength: 4000 },
        },
        required: ['name', 'description', 'html'],
        additionalProperties: false,
      },
    },
  },
  required: [
    'code',
    'membershipId',
    'currency',
    'initialPriceMinor',
    'renewalPriceMinor',
    'chargeAfterDays',
    'validity',
    'autoValidity',
    'renewable',
    'initChargeOrg',
    'renewChargeOrg',
    'texts',
  ],
  additionalProperties: false,
} as const;

/** The pages app/blocks renders from an organisation's layouts (the other kinds are the sign-in forms and the checkout). */
export const pageKeys = ['home', 'landing', 'privacy-policy', 'terms-of-use', 'user-profile', 'agent-profile', 'my-trips', 'user-details', 'wallet'] as const;

const legalDocument = {
  type: 'object',
  properties: {
    title: { type: 'string', minLength: 1 },
    updated: { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' },
    sections: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        properties: {
          heading: { type: 'string', minLength: 1 },
          body: { type: 'string', minLength: 1 },
          /** The section's fragment id, so checkout can link to it (e.g. /terms-of-use#cancellations). */
          anchor: { type: 'string', pattern: '^[a-z][a-z0-9-]{0,40}$' },
        },
        required: ['heading', 'body'],
        additionalProperties: false,
      },
    },
  },
  required: ['title', 'updated', 'sections'],
  additionalProperties: false,
} as const;

export const orgConfigSchema = {
  type: 'object',
  properties: {
    orgId: { type: 'string', pattern: '^[a-z][a-z0-9-]{1,30}$' },
    orgNumber: { type: 'integer', minimum: 1 },
    name: { type: 'string', minLength: 1 },
    isDefault: { type: 'boolean' },
    /** Who the brand sells to: business brands see B2B prices (spec §6). */
    audience: { type: 'string', enum: ['consumer', 'business'] },
    hosts: { type: 'array', minItems: 1, uniqueItems: true, items: { type: 'string', pattern: '^[a-z0-9.-]+$' } },
    /**
     * Where the organisation's e-mailed links point (scheme, host, optional port; no path).
     * Required, and https, in production; the demo derives http://<first host>:<PORT>.
     */
    publicOrigin: { type: 'string', pattern: '^https?://[a-z0-9.-]+(:[0-9]{1,5})?$' },
    theme: {
      type: 'object',
      properties: {
        colors: {
          type: 'object',
          properties: {
            primary: color,
            onPrimary: color,
            surface: color,
            surfaceAlt: color,
            text: color,
            mutedText: color,
            accent: color,
            headerBackground: color,
            headerText: color,
            footerBackground: color,
            footerText: color,
          },
          required: ['primary', 'onPrimary', 'surface', 'surfaceAlt', 'text', 'mutedText', 'accent', 'headerBackground', 'headerText', 'footerBackground', 'footerText'],
          additionalProperties: false,
        },
        radius: { type: 'string', pattern: '^[0-9]{1,2}px$' },
        fontFamily: { type: 'string', minLength: 1 },
        logo: {
          type: 'object',
          properties: { src: assetPath, alt: { type: 'string', minLength: 1 } },
          required: ['src', 'alt'],
          additionalProperties: false,
        },
      },
      required: ['colors', 'radius', 'fontFamily', 'logo'],
      additionalProperties: false,
    },
    headerVersion: { type: 'string', enum: ['v1', 'v2', 'v3'] },
    /**
     * The organisation's IANA time zone (docs/decisions/0039): "today" (earliest check-in, date
     * pickers) is its day, and every date and time is shown in it. Checked against the runtime's
     * zones when the config loads.
     */
    timeZone: { type: 'string', minLength: 1, maxLength: 64 },
    locale: {
      type: 'object',
      properties: {
        defaultLanguage: languageCode,
        defaultCurrency: currencyCode,
        languages: { type: 'array', minItems: 1, uniqueItems: true, items: languageCode },
        currencies: { type: 'array', minItems: 1, uniqueItems: true, items: currencyCode },
      },
      required: ['defaultLanguage', 'defaultCurrency', 'languages', 'currencies'],
      additionalProperties: false,
    },
    products: {
      type: 'array',
      minItems: 1,
      uniqueItems: true,
      items: productCodeSchema,
    },
    auth: {
      type: 'object',
      properties: {
        flightLoginRequired: { type: 'boolean' },
        signupModes: {
          type: 'array',
          minItems: 1,
          uniqueItems: true,
          items: { type: 'string', enum: ['email', 'invitation'] },
        },
        tripLinkPaths: { type: 'array', uniqueItems: true, items: path },
      },
      required: ['flightLoginRequired', 'signupModes', 'tripLinkPaths'],
      additionalProperties: false,
    },
    ads: {
      type: 'object',
      properties: {
        enabled: { type: 'boolean' },
        preLogin: { type: 'boolean' },
        pages: { type: 'array', uniqueItems: true, items: path },
        /** The banners (spec §3 adsData), edited in the console like the rest of the config. */
        items: { type: 'array', maxItems: 50, items: adItem },
      },
      required: ['enabled', 'preLogin', 'pages', 'items'],
      additionalProperties: false,
    },
    chat: {
      type: 'object',
      discriminator: { propertyName: 'provider' },
      required: ['provider'],
      oneOf: [
        {
          type: 'object',
          properties: { provider: { const: 'none' } },
          required: ['provider'],
          additionalProperties: false,
        },
        {
          type: 'object',
          properties: { provider: { const: 'zendesk' }, key: { type: 'string', pattern: '^[A-Za-z0-9-]{8,64}$' } },
          required: ['provider', 'key'],
          additionalProperties: false,
        },
        {
          type: 'object',
          properties: {
            provider: { const: 'tawkto' },
            propertyId: { type: 'string', pattern: '^[A-Za-z0-9]{8,40}$' },
            widgetId: { type: 'string', pattern: '^[A-Za-z0-9]{4,20}$' },
          },
          required: ['provider', 'propertyId', 'widgetId'],
          additionalProperties: false,
        },
      ],
    },
    payments: {
      type: 'object',
      properties: {
        cardProvider: {
          type: 'object',
          properties: {
            pgId: { type: 'string', enum: ['PG_01', 'PG_02', 'PG_03'] },
            ui: { type: 'string', enum: ['hosted-fields', 'drop-in'] },
          },
          required: ['pgId', 'ui'],
          additionalProperties: false,
        },
        options: {
          type: 'array',
          minItems: 1,
          uniqueItems: true,
          items: { type: 'string', enum: ['saved-cards', 'add-card', 'new-card', 'invoice', 'oxxo'] },
        },
        threeDSecure: { type: 'string', enum: ['always', 'when-required', 'never'] },
        // The stored-value instruments its checkouts offer (docs/decisions/0031): which kinds,
        // and for which product codes (absent: every product that takes them).
        storedValue: {
          type: 'object',
          properties: {
            instruments: {
              type: 'array',
              uniqueItems: true,
              items: { type: 'string', enum: ['coupon', 'cash_card', 'points', 'wallet', 'certificate', 'discount_card'] },
            },
            products: { type: 'array', uniqueItems: true, items: { type: 'string', pattern: '^[A-Z]{3,10}$' } },
            // Points a member earns on a confirmed booking, per whole unit the card paid (spec §3 points type).
            earn: {
              type: 'array',
              maxItems: 5,
              items: {
                type: 'object',
                properties: {
                  pointType: { type: 'string', pattern: '^[A-Z0-9_]{2,20}$' },
                  title: { type: 'string', minLength: 1, maxLength: 60 },
                  ratePerMiles: { type: 'string', pattern: '^\\d{1,6}(\\.\\d{1,8})?$' },
                  pointsPerUnit: { type: 'integer', minimum: 1, maximum: 100 },
                  ruleCode: { type: 'string', minLength: 1, maxLength: 40 },
                  ruleLevel: { type: 'string', minLength: 1, maxLength: 40 },
                  fundingPartnerCode: { type: 'string', minLength: 1, maxLength: 40 },
                },
                required: ['pointType', 'title', 'ratePerMiles', 'pointsPerUnit', 'ruleCode', 'ruleLevel', 'fundingPartnerCode'],
                additionalProperties: false,
              },
            },
          },
          required: ['instruments'],
          additionalProperties: false,
        },
        carReferenceProvider: { type: 'string', enum: ['PG_01', 'PG_02', 'PG_03'] },
        /**
         * The gateway merchant account of each currency the organisation settles in (decision
         * 0056): a visitor shown one of these currencies is quoted, charged and refunded in it.
         * Without an entry, USD on the gateway's default account.
         */
        merchantAccounts: {
          type: 'object',
          propertyNames: { type: 'string', pattern: '^[A-Z]{3}$' },
          additionalProperties: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' },
        },
        /**
         * Invoice credit an administrator may grant (decision 0052): the currencies a credit line
         * may be in and the most one line may hold in each (major units). No entry: no grants.
         */
        invoiceCredit: {
          type: 'object',
          properties: {
            ceilings: {
              type: 'object',
              minProperties: 1,
              propertyNames: { type: 'string', pattern: '^[A-Z]{3}$' },
              additionalProperties: { type: 'string', pattern: '^\\d{1,9}(\\.\\d{1,2})?$' },
            },
          },
          required: ['ceilings'],
          additionalProperties: false,
        },
        // How long an OXXO voucher stays payable (docs/decisions/0018); default 72 hours.
        oxxo: {
          type: 'object',
          properties: { voucherHours: { type: 'integer', minimum: 1, maximum: 720 } },
          required: ['voucherHours'],
          additionalProperties: false,
        },
      },
      required: ['cardProvider', 'options', 'threeDSecure', 'carReferenceProvider'],
      additionalProperties: false,
    },
    membership: {
      type: 'object',
      properties: {
        plansModal: {
          type: 'object',
          properties: {
            routes: { type: 'array', uniqueItems: true, items: path },
            autoOpenRoutes: { type: 'array', uniqueItems: true, items: path },
          },
          required: ['routes', 'autoOpenRoutes'],
          additionalProperties: false,
        },
        organisationPays: { type: 'boolean' },
        /**
         * Who the organisation pays plans for (decision 0052): users of these companies, with an
         * address at these domains, or named here. Everyone else pays their own plan, and a plan
         * only the organisation pays for is not offered to them. Absent: nobody.
         */
        entitled: {
          type: 'object',
          properties: {
            companies: { type: 'array', maxItems: 100, uniqueItems: true, items: { type: 'string', minLength: 1, maxLength: 200 } },
            emailDomains: { type: 'array', maxItems: 100, uniqueItems: true, items: { type: 'string', pattern: '^[a-z0-9-]+(\\.[a-z0-9-]+)+$' } },
            users: { type: 'array', maxItems: 1000, uniqueItems: true, items: { type: 'string', maxLength: 254 } },
          },
          additionalProperties: false,
        },
        /** Member rates (issue 12): percent off for an ACTIVE member, by product code; a product not named has none. */
        memberRates: {
          type: 'object',
          propertyNames: { type: 'string', enum: MEMBER_RATE_PRODUCTS },
          additionalProperties: { type: 'number', exclusiveMinimum: 0, maximum: 100 },
        },
        /** The plans members buy (spec §3 "Subscription plan"), in the modal's order. */
        plans: { type: 'array', maxItems: 12, items: membershipPlan },
        /**
         * Automatic renewals (issue 12): a declined renewal is tried again this many days after the
         * renewal date, once per entry; after the last, the plan is EXPIRED and the amount is debt.
         */
        dunning: {
          type: 'object',
          properties: { retryAfterDays: { type: 'array', maxItems: 10, items: { type: 'integer', minimum: 1, maximum: 60 } } },
          required: ['retryAfterDays'],
          additionalProperties: false,
        },
      },
      required: ['plansModal', 'organisationPays'],
      additionalProperties: false,
    },
    booking: {
      type: 'object',
      properties: {
        minCheckinDays: { type: 'integer', minimum: 0, maximum: 60 },
        holdMinutes: { type: 'integer', minimum: 1, maximum: 120 },
        /**
         * The e-mail sent when a booking is confirmed, cancelled or fails (docs/decisions/0033):
         * per language a Handlebars `subject` and plain-text `body`, checked when the config loads.
         */
        emails: {
          type: 'object',
          properties: { confirmed: bookingEmail, cancelled: bookingEmail, failed: bookingEmail },
          required: ['confirmed', 'cancelled', 'failed'],
          additionalProperties: false,
        },
      },
      required: ['minCheckinDays', 'holdMinutes', 'emails'],
      additionalProperties: false,
    },
    map: {
      type: 'object',
      properties: {
        /** An XYZ tile URL template; without it the map draws no external tiles. */
        tileServer: { type: 'string', pattern: '^https://[A-Za-z0-9.-]+(:[0-9]+)?/.*\\{z\\}.*\\{x\\}.*\\{y\\}' },
        attribution: { type: 'string', minLength: 1 },
      },
      additionalProperties: false,
    },
    support: {
      type: 'object',
      properties: {
        email: { type: 'string', pattern: '^[^@\\s]+@[^@\\s]+\\.[a-z]{2,}$' },
        phone: { type: 'string', pattern: '^[+0-9 ()-]{6,24}$' },
      },
      required: ['email'],
      additionalProperties: false,
    },
    legal: {
      type: 'object',
      properties: { privacyPolicy: legalDocument, termsOfUse: legalDocument },
      required: ['privacyPolicy', 'termsOfUse'],
      additionalProperties: false,
    },
    /** Per-language overrides of UI strings, keyed by message key. */
    copy: {
      type: 'object',
      propertyNames: languageCode,
      additionalProperties: { type: 'object', additionalProperties: { type: 'string' } },
    },
    /**
     * The organisation's fraud rules (issue 37; app/domain/fraud-risk.ts): evaluated 3-D Secure →
     * allow → block → review, the first enforced match deciding. Absent: the shipped defaults.
     */
    fraud: {
      type: 'object',
      properties: {
        rules: {
          type: 'array',
          maxItems: 50,
          items: {
            type: 'object',
            properties: {
              id: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]{0,59}$' },
              action: { type: 'string', enum: RULE_ACTIONS },
              mode: { type: 'string', enum: RULE_MODES },
              when: {
                type: 'array',
                minItems: 1,
                maxItems: 10,
                items: {
                  type: 'object',
                  properties: {
                    signal: { type: 'string', enum: RULE_INPUTS },
                    op: { type: 'string', enum: CONDITION_OPS },
                    // One of four kinds, each titled so the console's form offers them by name.
                    value: {
                      oneOf: [
                        { title: 'Number', type: 'number' },
                        { title: 'Text', type: 'string', maxLength: 40 },
                        { title: 'Yes or no', type: 'boolean' },
                        { title: 'Unknown', type: 'null' },
                      ],
                    },
                  },
                  required: ['signal', 'op', 'value'],
                  additionalProperties: false,
                },
              },
            },
            required: ['id', 'action', 'mode', 'when'],
            additionalProperties: false,
          },
        },
      },
      required: ['rules'],
      additionalProperties: false,
    },
    /**
     * The layout of every page kind (app/domain/page-kinds.ts, docs/decisions/0060): a layout id,
     * or for a kind laid out per product (the checkout) `{ default, byProduct: { CODE: id } }`.
     * The configs' check makes sure each layout is of its page's kind.
     */
    pages: {
      type: 'object',
      properties: Object.fromEntries(PAGE_KIND_NAMES.map((kind) => [kind, 'byProduct' in PAGE_KINDS[kind] ? byProductLayoutRef : layoutRef])) as {
        [K in PageKind]: (typeof PAGE_KINDS)[K] extends { byProduct: true } ? typeof byProductLayoutRef : typeof layoutRef;
      },
      required: PAGE_KIND_NAMES as readonly PageKind[],
      additionalProperties: false,
    },
  },
  required: [
    'orgId',
    'orgNumber',
    'name',
    'audience',
    'hosts',
    'theme',
    'headerVersion',
    'timeZone',
    'locale',
    'products',
    'auth',
    'ads',
    'chat',
    'payments',
    'membership',
    'booking',
    'support',
    'legal',
    'pages',
  ],
  additionalProperties: false,
} as const;

export type OrgConfig = FromSchema<typeof orgConfigSchema>;
export type PageKey = (typeof pageKeys)[number];
