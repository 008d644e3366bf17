import { describe, expect, it } from 'vitest';
import { destinations } from './destinations-data';
import { type CatalogProperty, newHotelsFor, propertyContentFor } from './property-catalog';
import { AMENITY_CODES, IMAGE_KINDS, propertyContentOf } from './property-content';
import { distanceKm } from './property-map';

const places = destinations.map((d) => ({ slug: d.slug, name: d.name, kind: d.kind, latitude: d.latitude, longitude: d.longitude }));

/** Every property the seed writes, as the catalogue names them: today's three hotels, the five added, two homes. */
const catalogue = places.flatMap((destination) => {
  const seaside = destination.kind === 'beach' || destination.kind === 'island';
  const kept: CatalogProperty[] = [
    { slug: `${destination.slug}-grand-plaza`, name: `Grand Plaza ${destination.name}`, style: 'grand', latitude: destination.latitude, longitude: destination.longitude },
    { slug: `${destination.slug}-harbour-view`, name: `Harbour View ${destination.name}`, style: 'harbour', latitude: destination.latitude, longitude: destination.longitude },
    { slug: `${destination.slug}-casa-central`, name: `Casa Central ${destination.name}`, style: 'central', latitude: destination.latitude, longitude: destination.longitude },
    {
      slug: `${destination.slug}-old-town-apartments`,
      name: `Old Town Apartments ${destination.name}`,
      style: 'apartments',
      latitude: destination.latitude,
      longitude: destination.longitude,
    },
    seaside
      ? {
          slug: `${destination.slug}-seaside-villas`,
          name: `Seaside Villas ${destination.name}`,
          style: 'villas',
          latitude: destination.latitude,
          longitude: destination.longitude,
        }
      : {
          slug: `${destination.slug}-hillside-cottages`,
          name: `Hillside Cottages ${destination.name}`,
          style: 'cottages',
          latitude: destination.latitude,
          longitude: destination.longitude,
        },
  ];
  const added: CatalogProperty[] = newHotelsFor(destination).map(({ slug, name, style, latitude, longitude }) => ({ slug, name, style, latitude, longitude }));
  return [...kept, ...added].map((property) => ({ property, destination, content: propertyContentFor(property, destination) }));
});

describe('the seeded catalogue (issue 15)', () => {
  it('has a few hundred properties, eight hotels and two homes per destination', () => {
    expect(catalogue).toHaveLength(destinations.length * 10);
    expect(catalogue.length).toBeGreaterThan(300);
  });

  it('names every property differently across the whole catalogue, and gives each its own slug', () => {
    const names = catalogue.map((c) => c.property.name);
    expect(new Set(names).size).toBe(names.length);
    const slugs = catalogue.map((c) => c.property.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('gives every property amenities, policies, check-in instructions, at least three pictures and both descriptions', () => {
    for (const { property, content } of catalogue) {
      expect(content.amenities.length, property.slug).toBeGreaterThanOrEqual(4);
      expect(new Set(content.amenities).size, property.slug).toBe(content.amenities.length);
      expect(content.images.length, property.slug).toBeGreaterThanOrEqual(3);
      expect(new Set(content.images).size, property.slug).toBe(content.images.length);
      expect(content.descriptions['en-US'], property.slug).toContain(property.name);
      expect(content.descriptions['es-MX'], property.slug).toContain(property.name);
      expect(content.descriptions['es-MX']).not.toBe(content.descriptions['en-US']);
      expect(content.checkInInstructions.bring.length, property.slug).toBeGreaterThan(0);
    }
  });

  it('writes content that reads back whole through the stored-content check', () => {
    for (const { property, content } of catalogue) {
      const stored = JSON.parse(
        JSON.stringify({
          descriptions: content.descriptions,
          amenities: content.amenities,
          policies: content.policies,
          checkin_instructions: content.checkInInstructions,
          images: content.images,
        }),
      );
      expect(propertyContentOf(stored), property.slug).toEqual(content);
    }
  });

  it('describes every property differently, in English and in Spanish', () => {
    for (const language of ['en-US', 'es-MX'] as const) {
      const texts = catalogue.map((c) => c.content.descriptions[language]);
      expect(new Set(texts).size, language).toBe(texts.length);
    }
    // Spanish reads as Spanish: no English sentence openings left in it.
    for (const { content } of catalogue) expect(content.descriptions['es-MX']).not.toMatch(/\b(It is|Guests enjoy|the centre)\b/);
  });

  it('is deterministic: the same property always gets the same content and hotels', () => {
    const [first] = catalogue;
    expect(propertyContentFor(first!.property, first!.destination)).toEqual(first!.content);
    expect(newHotelsFor(places[3]!)).toEqual(newHotelsFor(places[3]!));
  });

  it('uses known codes only, and rules that fit the kind of property', () => {
    for (const { property, content } of catalogue) {
      for (const code of content.amenities) expect(AMENITY_CODES).toContain(code);
      for (const kind of content.images) expect(IMAGE_KINDS).toContain(kind);
      const home = ['apartments', 'villas', 'cottages'].includes(property.style);
      expect(content.amenities.includes('kitchen'), property.slug).toBe(home);
      expect(['front_desk', 'front_desk_24h'].includes(content.checkInInstructions.method), property.slug).toBe(!home);
      // A 24-hour desk takes arrivals at any hour; any other says until when.
      expect(content.policies.checkInUntil === null, property.slug).toBe(content.amenities.includes('front_desk_24h') && !home);
      if (content.amenities.includes('pool') || content.amenities.includes('private_pool')) expect(content.images).toContain('pool');
    }
  });

  it('places the added hotels within a few km of their destination', () => {
    for (const destination of places) {
      for (const hotel of newHotelsFor(destination)) {
        const km = distanceKm(
          { latitude: Number(destination.latitude), longitude: Number(destination.longitude) },
          { latitude: Number(hotel.latitude), longitude: Number(hotel.longitude) },
        );
        expect(km, hotel.slug).toBeLessThan(5);
      }
    }
  });
});
