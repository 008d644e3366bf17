/**
 * The seeded catalogue's properties, who they are and what they say (decision 0036): names,
 * amenities, policies, check-in instructions, pictures and a description in each language.
 * Pure and deterministic (hash of the slug), so a re-seed writes the same catalogue and tests can
 * name what they expect. Prices and rooms stay with the seed (app/services/seed/seed-catalog.server.ts).
 */
import type { AmenityCode, CheckInInstructions, ImageKind, PropertyContent, PropertyPolicies } from './property-content';
import { distanceKm } from './property-map';
import type { LanguageCode } from './reference-data';
import { hash } from './stable-hash';
import { numberFormat } from './intl-format';

/** The first three are today's hotels (their names and slugs are kept); the other five came with issue 15. */
export type HotelStyle = 'grand' | 'harbour' | 'central' | 'luxury' | 'boutique' | 'business' | 'inn' | 'budget';
export type HomeStyle = 'apartments' | 'villas' | 'cottages';
export type PropertyStyle = HotelStyle | HomeStyle;

type CatalogDestination = { slug: string; name: string; kind: string | null; latitude: string; longitude: string };

/** The added hotels of a destination: a word from each style's list, picked by the destination's hash. */
const newHotelStyles: readonly { style: HotelStyle; stars: number; rating: number; words: readonly string[]; name: (word: string, city: string) => string; street: string }[] = [
  {
    style: 'luxury',
    stars: 5,
    rating: 9.4,
    words: ['Meridian', 'Belvedere', 'Sovereign', 'Empress', 'Regent', 'Continental', 'Solenne', 'Aurelia'],
    name: (w, c) => `The ${w} ${c}`,
    street: 'Grand Boulevard',
  },
  {
    style: 'boutique',
    stars: 4,
    rating: 9.0,
    words: ['Linden', 'Saffron', 'Marigold', 'Juniper', 'Azulejo', 'Olive', 'Magnolia', 'Cobalt'],
    name: (w, c) => `Hotel ${w} ${c}`,
    street: 'Gallery Lane',
  },
  {
    style: 'business',
    stars: 4,
    rating: 8.2,
    words: ['Skyline', 'Gateway', 'Parkside', 'Midtown', 'Exchange', 'Crossroads', 'Terminal', 'Quayside'],
    name: (w, c) => `${c} ${w} Suites`,
    street: 'Commerce Avenue',
  },
  {
    style: 'inn',
    stars: 3,
    rating: 8.6,
    words: ['Lantern', 'Orchard', 'Cypress', 'Willow', 'Swallow', 'Heron', 'Fig Tree', 'Stone Bridge'],
    name: (w, c) => `${w} Inn ${c}`,
    street: 'Chapel Street',
  },
  {
    style: 'budget',
    stars: 2,
    rating: 7.4,
    words: ['Compass', 'Nomad', 'Pocket', 'Wayfarer', 'Postcard', 'Ticket', 'Backpack', 'Passport'],
    name: (w, c) => `${w} Rooms ${c}`,
    street: 'Station Road',
  },
];

const slugify = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export type NewHotel = { slug: string; name: string; style: HotelStyle; stars: number; guestRating: string; address: string; latitude: string; longitude: string };

/** The five hotels added to each destination by issue 15, beside the three it always had. */
export function newHotelsFor(destination: CatalogDestination): NewHotel[] {
  const h = hash(`${destination.slug}:hotels`);
  return newHotelStyles.map((style, index) => {
    const k = hash(`${destination.slug}:${style.style}`);
    const word = style.words[(h >>> (index * 3)) % style.words.length]!;
    const name = style.name(word, destination.name);
    // Spread over the city: up to about 3 km from the centre.
    const dLat = ((k % 61) - 30) / 1000;
    const dLon = (((k >>> 8) % 61) - 30) / 1000;
    return {
      slug: `${destination.slug}-${slugify(style.name(word, ''))}`,
      name,
      style: style.style,
      stars: style.stars,
      guestRating: Math.min(9.8, style.rating + ((k >>> 16) % 5) / 10 - 0.2).toFixed(1),
      address: `${2 + ((k >>> 4) % 240)} ${style.street}, ${destination.name}`,
      latitude: (Number(destination.latitude) + dLat).toFixed(6),
      longitude: (Number(destination.longitude) + dLon).toFixed(6),
    };
  });
}

const hotelAmenities: Record<HotelStyle, AmenityCode[]> = {
  grand: ['wifi', 'air_conditioning', 'breakfast', 'restaurant', 'bar', 'room_service', 'pool', 'spa', 'gym', 'parking', 'front_desk_24h', 'accessible_rooms'],
  harbour: ['wifi', 'air_conditioning', 'breakfast', 'restaurant', 'bar', 'gym', 'front_desk_24h', 'family_rooms', 'luggage_storage'],
  central: ['wifi', 'air_conditioning', 'breakfast', 'luggage_storage'],
  luxury: ['wifi', 'air_conditioning', 'breakfast', 'restaurant', 'bar', 'room_service', 'spa', 'pool', 'gym', 'front_desk_24h', 'airport_shuttle', 'rooftop_terrace'],
  boutique: ['wifi', 'air_conditioning', 'breakfast', 'bar', 'rooftop_terrace', 'workspace', 'luggage_storage'],
  business: ['wifi', 'air_conditioning', 'breakfast', 'restaurant', 'gym', 'workspace', 'parking', 'front_desk_24h', 'accessible_rooms'],
  inn: ['wifi', 'breakfast', 'garden', 'parking', 'family_rooms'],
  budget: ['wifi', 'luggage_storage', 'laundry', 'front_desk_24h'],
};
const homeAmenities: Record<HomeStyle, AmenityCode[]> = {
  apartments: ['wifi', 'kitchen', 'washing_machine', 'air_conditioning', 'balcony', 'workspace'],
  villas: ['wifi', 'kitchen', 'washing_machine', 'private_pool', 'garden', 'bbq', 'air_conditioning', 'parking', 'beach_access'],
  cottages: ['wifi', 'kitchen', 'washing_machine', 'garden', 'fireplace', 'bbq', 'parking'],
};
/** One or two of these, by the hash, so two properties of a style differ. */
const extraAmenities: AmenityCode[] = ['bicycles', 'ev_charging', 'kids_club', 'laundry', 'airport_shuttle', 'accessible_rooms', 'luggage_storage', 'bbq'];

const isHomeStyle = (style: PropertyStyle): style is HomeStyle => style === 'apartments' || style === 'villas' || style === 'cottages';

function amenitiesFor(style: PropertyStyle, seaside: boolean, h: number): AmenityCode[] {
  const base = isHomeStyle(style) ? homeAmenities[style] : hotelAmenities[style];
  const extras = [extraAmenities[h % extraAmenities.length]!, extraAmenities[(h >>> 4) % extraAmenities.length]!];
  const beach: AmenityCode[] = seaside && !isHomeStyle(style) && style !== 'budget' && style !== 'business' ? ['beach_access'] : [];
  // Kids' clubs belong to resort-like hotels; a home's barbecue comes with its garden.
  const fitting = extras.filter(
    (code) => !(code === 'kids_club' && (isHomeStyle(style) || ['budget', 'business', 'boutique'].includes(style))) && !(code === 'bbq' && !isHomeStyle(style)),
  );
  return [...new Set([...base, ...beach, ...fitting])];
}

const pick = <T>(values: readonly T[], n: number): T => values[n % values.length]!;

function policiesFor(style: PropertyStyle, amenities: readonly AmenityCode[], h: number): PropertyPolicies {
  const allNight = amenities.includes('front_desk_24h');
  if (isHomeStyle(style)) {
    return {
      checkInFrom: pick(['15:00', '16:00', '17:00'], h),
      checkInUntil: pick(['20:00', '21:00', '22:00'], h >>> 2),
      checkOutBy: pick(['10:00', '11:00'], h >>> 4),
      minCheckInAge: 21,
      children: 'welcome',
      pets: pick(['on_request', 'not_allowed', 'allowed'] as const, h >>> 6),
      smoking: 'not_allowed',
      payAtProperty: 'card_only',
      quietFrom: pick(['22:00', '23:00'], h >>> 8),
    };
  }
  return {
    checkInFrom: pick(['14:00', '15:00', '15:00', '16:00'], h),
    checkInUntil: allNight ? null : pick(['22:00', '23:00', '21:00'], h >>> 2),
    checkOutBy: style === 'budget' ? '10:00' : pick(['11:00', '12:00', '11:00'], h >>> 4),
    minCheckInAge: style === 'luxury' || style === 'grand' ? pick([18, 21], h >>> 6) : 18,
    children: style === 'boutique' ? pick(['over_12', 'adults_only', 'welcome'] as const, h >>> 8) : 'welcome',
    pets: style === 'inn' || style === 'boutique' ? pick(['allowed', 'on_request'] as const, h >>> 10) : pick(['not_allowed', 'on_request', 'not_allowed'] as const, h >>> 10),
    smoking: style === 'grand' || style === 'harbour' ? pick(['designated_areas', 'not_allowed'] as const, h >>> 12) : 'not_allowed',
    payAtProperty: style === 'budget' || style === 'inn' ? pick(['cash_only', 'card_and_cash'] as const, h >>> 14) : 'card_and_cash',
    quietFrom: null,
  };
}

function instructionsFor(style: PropertyStyle, amenities: readonly AmenityCode[], h: number): CheckInInstructions {
  if (style === 'villas') return { method: 'host_meets', bring: ['photo_id', 'booking_reference'], noticeHours: 48, lateArrival: 'call_ahead' };
  if (style === 'apartments') return { method: pick(['key_box', 'smart_lock'] as const, h), bring: ['photo_id'], noticeHours: 24, lateArrival: 'any_time' };
  if (style === 'cottages') return { method: pick(['key_box', 'host_meets'] as const, h), bring: ['photo_id', 'booking_reference'], noticeHours: 48, lateArrival: 'call_ahead' };
  const allNight = amenities.includes('front_desk_24h');
  return {
    method: allNight ? 'front_desk_24h' : 'front_desk',
    bring: style === 'budget' ? ['photo_id', 'booking_reference'] : ['photo_id', 'payment_card'],
    noticeHours: null,
    lateArrival: allNight ? 'any_time' : 'call_ahead',
  };
}

function imagesFor(style: PropertyStyle, amenities: readonly AmenityCode[], seaside: boolean): ImageKind[] {
  const has = (code: AmenityCode) => amenities.includes(code);
  const kinds: ImageKind[] = isHomeStyle(style)
    ? [
        'facade',
        'living',
        'kitchen',
        'bedroom',
        ...(has('private_pool') ? (['pool'] as const) : []),
        ...(has('garden') ? (['garden'] as const) : []),
        ...(has('balcony') ? (['terrace'] as const) : []),
      ]
    : [
        'facade',
        'room',
        'lobby',
        ...(has('pool') ? (['pool'] as const) : []),
        ...(has('restaurant') ? (['restaurant'] as const) : []),
        ...(has('spa') ? (['spa'] as const) : []),
        'bathroom',
        ...(seaside || has('rooftop_terrace') ? (['view'] as const) : []),
      ];
  return kinds.slice(0, 6);
}

/** Amenities as a description mentions them, in each language (the page lists them through i18n). */
const amenityProse: Partial<Record<AmenityCode, Record<LanguageCode, string>>> = {
  pool: { 'en-US': 'an outdoor pool', 'es-MX': 'una alberca al aire libre' },
  spa: { 'en-US': 'a spa', 'es-MX': 'un spa' },
  restaurant: { 'en-US': 'a restaurant serving local dishes', 'es-MX': 'un restaurante de cocina local' },
  bar: { 'en-US': 'a cocktail bar', 'es-MX': 'un bar de coctelería' },
  rooftop_terrace: { 'en-US': 'a rooftop terrace', 'es-MX': 'una terraza en la azotea' },
  gym: { 'en-US': 'a gym', 'es-MX': 'un gimnasio' },
  workspace: { 'en-US': 'quiet desks to work from', 'es-MX': 'escritorios tranquilos para trabajar' },
  garden: { 'en-US': 'a garden', 'es-MX': 'un jardín' },
  family_rooms: { 'en-US': 'family rooms', 'es-MX': 'habitaciones familiares' },
  breakfast: { 'en-US': 'breakfast each morning', 'es-MX': 'desayuno cada mañana' },
  kitchen: { 'en-US': 'a full kitchen', 'es-MX': 'una cocina equipada' },
  private_pool: { 'en-US': 'a private pool', 'es-MX': 'alberca privada' },
  fireplace: { 'en-US': 'a wood fireplace', 'es-MX': 'una chimenea de leña' },
  balcony: { 'en-US': 'a balcony', 'es-MX': 'un balcón' },
  bbq: { 'en-US': 'a barbecue', 'es-MX': 'un asador' },
  laundry: { 'en-US': 'a laundry room', 'es-MX': 'lavandería' },
  beach_access: { 'en-US': 'steps down to the beach', 'es-MX': 'acceso directo a la playa' },
  bicycles: { 'en-US': 'bicycles to borrow', 'es-MX': 'bicicletas para pasear' },
};

const openings: Record<PropertyStyle, Record<LanguageCode, readonly ((name: string, city: string) => string)[]>> = {
  grand: {
    'en-US': [(n, c) => `${n} is a grand five-star hotel in the heart of ${c}.`, (n, c) => `Marble halls and attentive staff make ${n} one of ${c}’s classic addresses.`],
    'es-MX': [
      (n, c) => `${n} es un gran hotel de cinco estrellas en el corazón de ${c}.`,
      (n, c) => `Salones de mármol y un servicio atento hacen de ${n} una dirección clásica de ${c}.`,
    ],
  },
  harbour: {
    'en-US': [
      (n) => `${n} looks out over the water, with bright rooms and a relaxed pace.`,
      (n, c) => `Wake up to the light on the water at ${n}, a friendly four-star hotel in ${c}.`,
    ],
    'es-MX': [
      (n) => `${n} mira al agua, con habitaciones luminosas y un ritmo tranquilo.`,
      (n, c) => `Despierta con la luz sobre el agua en ${n}, un amable hotel de cuatro estrellas en ${c}.`,
    ],
  },
  central: {
    'en-US': [(n, c) => `${n} is a simple, spotless base for seeing ${c} on foot.`, (n, c) => `Good value and a central street: ${n} keeps a stay in ${c} easy.`],
    'es-MX': [(n, c) => `${n} es una base sencilla e impecable para recorrer ${c} a pie.`, (n, c) => `Buen precio y una calle céntrica: ${n} hace fácil tu estancia en ${c}.`],
  },
  luxury: {
    'en-US': [
      (n, c) => `${n} is ${c}’s most polished address, with suites dressed in linen and oak.`,
      (n, c) => `At ${n}, a butler-style welcome sets the tone for a slow, elegant stay in ${c}.`,
    ],
    'es-MX': [
      (n, c) => `${n} es la dirección más refinada de ${c}, con suites vestidas de lino y roble.`,
      (n, c) => `En ${n}, una bienvenida personal marca el tono de una estancia elegante y sin prisas en ${c}.`,
    ],
  },
  boutique: {
    'en-US': [
      (n, c) => `${n} is a small design hotel with just a few dozen rooms, each decorated by local artists from ${c}.`,
      (n) => `Tucked into a restored townhouse, ${n} mixes vintage furniture with modern comfort.`,
    ],
    'es-MX': [
      (n, c) => `${n} es un pequeño hotel de diseño con pocas habitaciones, cada una decorada por artistas locales de ${c}.`,
      (n) => `En una casona restaurada, ${n} combina muebles antiguos con comodidad moderna.`,
    ],
  },
  business: {
    'en-US': [
      (n, c) => `${n} is built for work trips: fast Wi-Fi, meeting rooms and quick access to ${c}’s business district.`,
      (n, c) => `Spacious suites with kitchenettes make ${n} a good choice for longer stays in ${c}.`,
    ],
    'es-MX': [
      (n, c) => `${n} está pensado para viajes de trabajo: Wi-Fi rápido, salas de juntas y acceso ágil al distrito de negocios de ${c}.`,
      (n, c) => `Sus amplias suites con cocineta hacen de ${n} una buena opción para estancias largas en ${c}.`,
    ],
  },
  inn: {
    'en-US': [
      (n) => `${n} is a family-run inn with creaking floors, home cooking and a warm welcome.`,
      (n, c) => `Run by the same family for three generations, ${n} feels like staying with friends in ${c}.`,
    ],
    'es-MX': [
      (n) => `${n} es una posada familiar con pisos de madera, cocina casera y una cálida bienvenida.`,
      (n, c) => `Atendida por la misma familia desde hace tres generaciones, ${n} se siente como quedarse con amigos en ${c}.`,
    ],
  },
  budget: {
    'en-US': [
      (n, c) => `${n} offers clean, compact rooms at a fair price for travellers who spend their days out in ${c}.`,
      (n, c) => `No frills, good beds: ${n} is the budget pick for exploring ${c}.`,
    ],
    'es-MX': [
      (n, c) => `${n} ofrece habitaciones limpias y compactas a buen precio para quienes pasan el día recorriendo ${c}.`,
      (n, c) => `Sin lujos y con buenas camas: ${n} es la opción económica para explorar ${c}.`,
    ],
  },
  apartments: {
    'en-US': [(n, c) => `${n} are self-catering apartments in a restored building of ${c}’s old town, with a kitchen and a washing machine.`],
    'es-MX': [(n, c) => `${n} son departamentos con cocina y lavadora en un edificio restaurado del centro histórico de ${c}.`],
  },
  villas: {
    'en-US': [(n, c) => `${n} are private villas near the shore of ${c}, each with its own garden and pool.`],
    'es-MX': [(n, c) => `${n} son villas privadas cerca de la costa de ${c}, cada una con su propio jardín y alberca.`],
  },
  cottages: {
    'en-US': [(n, c) => `${n} are quiet cottages on the edge of ${c}, with a garden and a wood stove.`],
    'es-MX': [(n, c) => `${n} son cabañas tranquilas en las afueras de ${c}, con jardín y estufa de leña.`],
  },
};

const closings: Record<string, Record<LanguageCode, string>> = {
  beach: { 'en-US': 'Evenings are for sunsets over the sea.', 'es-MX': 'Las tardes son para ver el atardecer sobre el mar.' },
  island: { 'en-US': 'Boats to the nearby coves leave every morning.', 'es-MX': 'Cada mañana salen lanchas a las calas cercanas.' },
  mountain: { 'en-US': 'Trails start a short drive away.', 'es-MX': 'Los senderos empiezan a pocos minutos en auto.' },
  city: { 'en-US': 'Museums, markets and cafés are all within reach.', 'es-MX': 'Museos, mercados y cafés quedan a tu alcance.' },
};

const numberIn = (value: number, language: LanguageCode) => numberFormat(language, { maximumFractionDigits: 1 }).format(value);

function location(km: number, city: string, language: LanguageCode): string {
  if (language === 'es-MX') return km < 1 ? `Está a pocos pasos del centro de ${city}.` : `Está a ${numberIn(km, language)} km del centro de ${city}.`;
  return km < 1 ? `It is a few minutes’ walk from the centre of ${city}.` : `It is ${numberIn(km, language)} km from the centre of ${city}.`;
}

/** Three of the property's amenities in words, starting where its hash says so descriptions vary. */
function highlights(amenities: readonly AmenityCode[], language: LanguageCode, h: number): string {
  const all = amenities.map((code) => amenityProse[code]?.[language]).filter((p): p is string => Boolean(p));
  const start = all.length > 3 ? h % (all.length - 2) : 0;
  const phrases = all.slice(start, start + 3);
  if (phrases.length === 0) return '';
  const list = new Intl.ListFormat(language, { type: 'conjunction' }).format(phrases);
  return language === 'es-MX' ? `Cuenta con ${list}.` : `Guests enjoy ${list}.`;
}

export type CatalogProperty = { slug: string; name: string; style: PropertyStyle; latitude: string; longitude: string };

/** Everything a property says about itself, from its slug's hash, its style and where it is. */
export function propertyContentFor(property: CatalogProperty, destination: CatalogDestination): PropertyContent {
  const h = hash(property.slug);
  const seaside = destination.kind === 'beach' || destination.kind === 'island';
  const amenities = amenitiesFor(property.style, seaside, h);
  const km = distanceKm(
    { latitude: Number(destination.latitude), longitude: Number(destination.longitude) },
    { latitude: Number(property.latitude), longitude: Number(property.longitude) },
  );
  const describe = (language: LanguageCode) =>
    [
      pick(openings[property.style][language], h >>> 3)(property.name, destination.name),
      location(km, destination.name, language),
      highlights(amenities, language, h >>> 5),
      closings[destination.kind ?? 'city']?.[language] ?? closings.city![language],
    ]
      .filter(Boolean)
      .join(' ');
  return {
    descriptions: { 'en-US': describe('en-US'), 'es-MX': describe('es-MX') },
    amenities,
    policies: policiesFor(property.style, amenities, h),
    checkInInstructions: instructionsFor(property.style, amenities, h),
    images: imagesFor(property.style, amenities, seaside),
  };
}
