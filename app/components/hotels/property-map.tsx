import { type KeyboardEvent, useMemo, useState } from 'react';
import { useT } from '~/components/shell-context';
import { useHydrated } from '~/components/use-hydrated';
import {
  MAP_ASPECT,
  MAP_EXTENT_KM,
  MAP_ZOOM_HALF_WIDTHS,
  type MapView,
  type PropertyMapData,
  halfWidthOf,
  initialMapView,
  mapSceneFor,
  panned,
  viewBoxOf,
  zoomed,
} from '~/domain/property-map';

const WIDTH = 640;

/**
 * Where the property is: our own drawing of the destination (app/domain/property-map.ts), no
 * tiles from anywhere. Keyboard: the map takes the focus, the arrow keys move it, + and − zoom,
 * 0 brings the property back to the middle; the buttons do the same. The drawing is made in the
 * browser (it moves only with the script, and its few dozen shapes were a good part of the
 * server's render of a details page): the server sends its frame, sized as the drawing will be,
 * and the nearby places, which say where the property is without it.
 */
export function PropertyMap({ map }: { map: PropertyMapData }) {
  const t = useT();
  const drawn = useHydrated();
  const scene = useMemo(() => (drawn ? mapSceneFor(map.destination) : null), [drawn, map.destination]);
  const [view, setView] = useState<MapView>(() => initialMapView(map.property));
  const half = halfWidthOf(view);
  // Line widths and text sizes follow the zoom, so they look the same at every level.
  const px = (half * 2) / WIDTH;
  const label = t('property.map.label', { destination: map.destination.name, name: map.property.name });
  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, () => MapView> = {
      ArrowLeft: () => panned(view, -1, 0),
      ArrowRight: () => panned(view, 1, 0),
      ArrowUp: () => panned(view, 0, -1),
      ArrowDown: () => panned(view, 0, 1),
      '+': () => zoomed(view, 1),
      '=': () => zoomed(view, 1),
      '-': () => zoomed(view, -1),
      '0': () => initialMapView(map.property),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    setView(move());
  };
  const e = MAP_EXTENT_KM;
  const placeName = (place: PropertyMapData['places'][number]) => (place.kind === 'centre' ? t('property.map.centre', { destination: map.destination.name }) : place.name);
  return (
    <section className="property-map" aria-labelledby="map-title">
      <h2 id="map-title">{t('property.map')}</h2>
      <div className="map-controls">
        <button
          type="button"
          className="button"
          onClick={() => setView(zoomed(view, 1))}
          disabled={view.zoom === MAP_ZOOM_HALF_WIDTHS.length - 1}
          aria-label={t('property.map.zoomIn')}
        >
          +
        </button>
        <button type="button" className="button" onClick={() => setView(zoomed(view, -1))} disabled={view.zoom === 0} aria-label={t('property.map.zoomOut')}>
          −
        </button>
        <button type="button" className="button" onClick={() => setView(initialMapView(map.property))}>
          {t('property.map.recentre', { name: map.property.name })}
        </button>
      </div>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions, jsx-a11y/no-noninteractive-tabindex -- the focusable map takes the keys that pan and zoom it (the buttons above do the same for a pointer) */}
      <div className="map-viewport" tabIndex={0} role="group" aria-label={label} aria-describedby="map-help" onKeyDown={onKeyDown}>
        {scene ? (
          <svg viewBox={viewBoxOf(view)} width={WIDTH} height={WIDTH * MAP_ASPECT} role="img" aria-labelledby="map-svg-title">
            <title id="map-svg-title">{label}</title>
            <defs>
              <pattern id="map-streets" width={0.4} height={0.4} patternUnits="userSpaceOnUse" patternTransform={`rotate(${scene.gridAngle})`}>
                <path d="M 0.4 0 L 0 0 0 0.4" fill="none" stroke="#FFFFFF" strokeWidth={px * 1.2} />
              </pattern>
            </defs>
            <rect x={-e - 2} y={-e - 2} width={2 * e + 4} height={2 * e + 4} fill="#EDE8DC" />
            <rect x={-e - 2} y={-e - 2} width={2 * e + 4} height={2 * e + 4} fill="url(#map-streets)" />
            {scene.parks.map((park, i) => (
              <rect key={i} {...park} fill="#B9DBA6" rx={px * 6} />
            ))}
            {scene.river ? <path d={scene.river} fill="none" stroke="#8CC4E8" strokeWidth={px * 12} /> : null}
            {scene.sea ? <polygon points={scene.sea} fill="#8CC4E8" /> : null}
            {scene.roads.map((road, i) => (
              <line key={i} {...road} stroke="#F3C969" strokeWidth={px * 5} />
            ))}
            {map.places.map((place) => (
              <g key={`${place.kind}:${place.name}`}>
                <circle cx={place.x} cy={place.y} r={px * 6} fill={place.kind === 'centre' ? '#5A4FCF' : '#4B5563'} stroke="#FFFFFF" strokeWidth={px * 2} />
                <text x={place.x + px * 10} y={place.y + px * 4} fontSize={px * 13} fill="#1F2937" stroke="#FFFFFF" strokeWidth={px * 3} paintOrder="stroke">
                  {placeName(place)}
                </text>
              </g>
            ))}
            <g>
              <path
                d={`M ${map.property.x} ${map.property.y} l ${-px * 10} ${-px * 18} a ${px * 11} ${px * 11} 0 1 1 ${px * 20} 0 z`}
                fill="#C2410C"
                stroke="#FFFFFF"
                strokeWidth={px * 2}
              />
              <circle cx={map.property.x} cy={map.property.y - px * 22} r={px * 4} fill="#FFFFFF" />
              <text
                x={map.property.x + px * 14}
                y={map.property.y - px * 18}
                fontSize={px * 16}
                fontWeight={700}
                fill="#7C2D12"
                stroke="#FFFFFF"
                strokeWidth={px * 4}
                paintOrder="stroke"
              >
                {map.property.name}
              </text>
            </g>
          </svg>
        ) : (
          <div className="map-pending" />
        )}
      </div>
      <p id="map-help" className="muted">
        {t('property.map.help')}
      </p>
      <h3>{t('property.map.nearby')}</h3>
      <ul className="map-places">
        {map.places.map((place) => (
          <li key={`${place.kind}:${place.name}`}>
            {placeName(place)} · {t('property.map.distance', { km: place.km.toFixed(1) })}
          </li>
        ))}
      </ul>
    </section>
  );
}
