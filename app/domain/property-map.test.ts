import { describe, expect, it } from 'vitest';
import { propertyImageSvg } from './property-art';
import { IMAGE_KINDS } from './property-content';
import { MAP_EXTENT_KM, distanceKm, initialMapView, mapSceneFor, panned, projectKm, propertyMapData, viewBoxOf, zoomed } from './property-map';

const cancun = { slug: 'cancun', name: 'Cancún', kind: 'beach', latitude: 21.161908, longitude: -86.851528 };

describe('map geometry', () => {
  it('measures distances in km and lays places out east and south of the centre', () => {
    expect(distanceKm({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 1 })).toBeCloseTo(111.19, 1);
    const east = projectKm(cancun, { latitude: cancun.latitude, longitude: cancun.longitude + 0.01 });
    expect(east.x).toBeGreaterThan(1);
    expect(east.y).toBeCloseTo(0, 6);
    expect(projectKm(cancun, { latitude: cancun.latitude + 0.01, longitude: cancun.longitude }).y).toBeLessThan(0);
  });

  it('zooms within its levels and pans within the drawing', () => {
    let view = initialMapView({ x: 1, y: 1 });
    expect(viewBoxOf(view)).toBe('-3 -1.4 8 4.8');
    for (let i = 0; i < 5; i++) view = zoomed(view, 1);
    expect(view.zoom).toBe(3);
    for (let i = 0; i < 10; i++) view = zoomed(view, -1);
    expect(view.zoom).toBe(0);
    for (let i = 0; i < 40; i++) view = panned(view, 1, 1);
    expect(view.centre.x).toBe(MAP_EXTENT_KM - 8);
    expect(viewBoxOf(view)).toBe('-4 -0.8 16 9.6');
  });

  it('draws each destination the same way every time: the sea by the beach, a river inland', () => {
    expect(mapSceneFor(cancun)).toEqual(mapSceneFor(cancun));
    expect(mapSceneFor(cancun).sea).not.toBeNull();
    expect(mapSceneFor({ slug: 'paris', kind: 'city' }).river).not.toBeNull();
    expect(mapSceneFor({ slug: 'paris', kind: 'city' }).sea).toBeNull();
  });

  it('lists the centre, then the nearest other properties, nearest first and without the property itself', () => {
    const at = (name: string, dLat: number) => ({ name, latitude: cancun.latitude + dLat, longitude: cancun.longitude });
    const map = propertyMapData(cancun, at('Here', 0.001), [at('Here', 0.001), at('Far', 0.02), at('Near', 0.002), at('Farther', 0.03), at('Farthest', 0.04), at('Too far', 0.05)]);
    expect(map.places.map((p) => p.name)).toEqual(['Cancún', 'Near', 'Far', 'Farther', 'Farthest']);
    expect(map.places[0]).toMatchObject({ kind: 'centre', km: 0.1 });
    expect(map.places[1]!.km).toBe(0.1);
    expect(map.property).toEqual({ name: 'Here', x: 0, y: -0.111 });
    // The centre lies at 0, never -0: JSON sends -0 as 0, and the page's data is kept as JSON sends it.
    expect(Object.is(map.places[0]!.x, 0) && Object.is(map.places[0]!.y, 0) && Object.is(map.property.x, 0)).toBe(true);
    expect(viewBoxOf(initialMapView({ x: 4, y: 2.4 }))).toBe('0 0 8 4.8');
  });
});

describe('property pictures', () => {
  it('draws every kind as a small SVG of its own, the same bytes every time', () => {
    const drawn = IMAGE_KINDS.map((kind) => propertyImageSvg('cancun-grand-plaza', kind));
    for (const svg of drawn) {
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 400 240"/);
      expect(svg.length).toBeLessThan(6_000);
      expect(svg).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
    }
    expect(new Set(drawn).size).toBe(drawn.length);
    expect(propertyImageSvg('cancun-grand-plaza', 'facade')).toBe(drawn[0]);
    expect(propertyImageSvg('paris-grand-plaza', 'facade')).not.toBe(drawn[0]);
    expect(propertyImageSvg('paris-grand-plaza', 'facade', true)).not.toBe(propertyImageSvg('paris-grand-plaza', 'facade'));
  });
});
