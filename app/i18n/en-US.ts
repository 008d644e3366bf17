/** UI strings in US English: the default copy, and the set of keys every language must have. */
export const enUS = {
  'app.skipToContent': 'Skip to content',
  'app.loading': 'Loading…',
  'home.hero.title': 'Where to next?',
  'home.hero.subtitle': 'Hotels, flights, cars, activities and more, at member prices.',
  'home.hero.businessTitle': 'Business travel, handled.',
  'home.hero.businessSubtitle': 'Book for yourself, your team or your clients in one place.',
  'landing.title': 'Find your next trip',
  'footer.privacy': 'Privacy Policy',
  'footer.terms': 'Terms of Use',
  'footer.opensInNewTab': '(opens in a new tab)',
  'footer.rights': 'All rights reserved.',
  'error.title': 'Something went wrong',
  'error.notFound': 'We could not find that page.',
  'error.goHome': 'Go to the home page',
} as const;

export type MessageKey = keyof typeof enUS;
export type Messages = Record<MessageKey, string>;
