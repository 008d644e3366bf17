/**
 * The details page's map: our own drawing of a destination's area, never tiles fetched from
 * elsewhere (decision 0036). Places are laid out in kilometres east (x) and south (y) of the
 * destination's centre; the view is a window on that plane, moved and zoomed by buttons and keys.
 * Pure and deterministic: the same destination always gets the same streets, water and parks.
 */
import { hash } from './stable-hash';

export type GeoPoint = { latitude: number; longitude: number };
export type PlanePoint = { x: number; y: number };

const EARTH_RADIUS_KM = 6371;
const rad = (degrees: number) => (degrees * Math.PI) / 180;
/** Rounded to 3 decimals; never -0, which JSON would send as 0 (the page's data is kept as JSON writes it). */
const r3 = (n: number) => Math.round(n * 1000) / 1000 + 0;

/** Great-circle distance in km (haversine). */
export function distanceKm(a: GeoPoint, b: GeoPoint): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A point on the plane of `centre` (equirectangular: exact enough over a city). */
export function projectKm(centre: GeoPoint, point: GeoPoint): PlanePoint {
  const kmPerDegree = (Math.PI * EARTH_RADIUS_KM) / 180;
  return {
    x: (point.longitude - centre.longitude) * kmPerDegree * Math.cos(rad(centre.latitude)),
    y: -(point.latitude - centre.latitude) * kmPerDegree,
  };
}

/** Half the width of the view in km at each zoom level, widest first. */
export const MAP_ZOOM_HALF_WIDTHS = [8, 4, 2, 1] as const;
/** The view's height over its width. */
export const MAP_ASPECT = 0.6;
/** How far one pan step moves, as a share of the view's width. */
const PAN_SHARE = 0.25;

export type MapView = { zoom: number; centre: PlanePoint };

export function initialMapView(focus: PlanePoint): MapView {
  return { zoom: 1, centre: focus };
}

export function zoomed(view: MapView, by: 1 | -1): MapView {
  const zoom = Math.min(MAP_ZOOM_HALF_WIDTHS.length - 1, Math.max(0, view.zoom + by));
  return { ...view, zoom };
}

/** The view moved one step in a direction (east is +x, south is +y), kept within the drawn area. */
export function panned(view: MapView, dx: -1 | 0 | 1, dy: -1 | 0 | 1): MapView {
  const step = halfWidthOf(view) * 2 * PAN_SHARE;
  const limit = MAP_EXTENT_KM - halfWidthOf(view);
  const clamp = (value: number) => Math.min(limit, Math.max(-limit, value));
  return { ...view, centre: { x: clamp(view.centre.x + dx * step), y: clamp(view.centre.y + dy * step) } };
}

export function halfWidthOf(view: MapView): number {
  return MAP_ZOOM_HALF_WIDTHS[view.zoom] ?? MAP_ZOOM_HALF_WIDTHS[0];
}

/** The SVG viewBox of a view. */
export function viewBoxOf(view: MapView): string {
  const half = halfWidthOf(view);
  return [r3(view.centre.x - half), r3(view.centre.y - half * MAP_ASPECT), r3(half * 2), r3(half * 2 * MAP_ASPECT)].join(' ');
}

/** How far the drawing reaches from the centre, in km. */
export const MAP_EXTENT_KM = 12;

export type MapScene = {
  /** The sea, as a polygon's points, where the destination is by the sea. */
  sea: string | null;
  /** A river, as a path, through inland cities. */
  river: string | null;
  parks: { x: number; y: number; width: number; height: number }[];
  /** Main roads, as pairs of points. */
  roads: { x1: number; y1: number; x2: number; y2: number }[];
  /** The angle of the street grid, in degrees. */
  gridAngle: number;
};

/** The drawing of a destination's area: the same slug always gives the same scene. */
export function mapSceneFor(destination: { slug: string; kind: string | null }): MapScene {
  const h = hash(`${destination.slug}:map`);
  const e = MAP_EXTENT_KM;
  const seaside = destination.kind === 'beach' || destination.kind === 'island';
  // The coast runs roughly north–south a few km east or west of the centre, with a bay.
  const side = h % 2 === 0 ? 1 : -1;
  const coast = 2.5 + (h % 5) * 0.6;
  const bay = 1 + ((h >>> 3) % 4) * 0.5;
  const sea = seaside
    ? [
        [side * coast, -e],
        [side * (coast - bay * 0.4), -e / 3],
        [side * (coast - bay), 0],
        [side * (coast - bay * 0.3), e / 3],
        [side * (coast + 0.5), e],
        [side * (e + 1), e],
        [side * (e + 1), -e],
      ]
        .map(([x, y]) => `${r3(x!)},${r3(y!)}`)
        .join(' ')
    : null;
  const bend = 1 + ((h >>> 5) % 5) * 0.5;
  const river = seaside ? null : `M ${-e} ${r3(-bend)} C ${r3(-e / 3)} ${r3(bend * 2)}, ${r3(e / 3)} ${r3(-bend * 2)}, ${e} ${r3(bend)}`;
  const parks = Array.from({ length: 3 }, (_, i) => {
    const k = hash(`${destination.slug}:park:${i}`);
    const x = ((k % 1600) / 100 - 8) * (seaside ? 0.5 : 1) - (seaside ? side * 2 : 0);
    const y = ((k >>> 11) % 1600) / 100 - 8;
    return { x: r3(x), y: r3(y), width: r3(0.6 + ((k >>> 5) % 10) / 10), height: r3(0.5 + ((k >>> 9) % 8) / 10) };
  });
  const roads = [0, 1, 2].map((i) => {
    const angle = rad(((h >>> (i * 6)) % 180) + i * 60);
    return { x1: r3(-Math.cos(angle) * e), y1: r3(-Math.sin(angle) * e), x2: r3(Math.cos(angle) * e), y2: r3(Math.sin(angle) * e) };
  });
  return { sea, river, parks, roads, gridAngle: (h >>> 7) % 30 };
}

export type MapPlace = { name: string; kind: 'centre' | 'property'; x: number; y: number; km: number };

/** What the details page's map shows: the destination's drawing, the property, and what is near it. */
export type PropertyMapData = {
  destination: { slug: string; name: string; kind: string | null };
  property: { name: string; x: number; y: number };
  /** The centre first, then the nearest other properties, nearest first. */
  places: MapPlace[];
};

type Located = { name: string; latitude: number; longitude: number };

/** The map of a property among the others of its destination: the `limit` nearest of them are shown. */
export function propertyMapData(
  destination: { slug: string; name: string; kind: string | null } & GeoPoint,
  property: Located,
  others: readonly Located[],
  limit = 4,
): PropertyMapData {
  const place = (p: Located, kind: MapPlace['kind']): MapPlace => {
    const { x, y } = projectKm(destination, p);
    return { name: p.name, kind, x: r3(x), y: r3(y), km: Math.round(distanceKm(property, p) * 10) / 10 };
  };
  const at = projectKm(destination, property);
  const nearest = others
    .filter((o) => o.name !== property.name)
    .map((o) => place(o, 'property'))
    .sort((a, b) => a.km - b.km || a.name.localeCompare(b.name))
    .slice(0, limit);
  return {
    destination: { slug: destination.slug, name: destination.name, kind: destination.kind },
    property: { name: property.name, x: r3(at.x), y: r3(at.y) },
    places: [place({ name: destination.name, latitude: destination.latitude, longitude: destination.longitude }, 'centre'), ...nearest],
  };
}
