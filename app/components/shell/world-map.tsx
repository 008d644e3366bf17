/**
 * A world map with no external requests: coarse continent outlines in an equirectangular
 * projection (an image the server draws, see worldMapImage), or, when the organisation
 * configures a tile server, its XYZ tiles at zoom 1 in Web Mercator, drawn in the page.
 * Each destination is a marker.
 */

export type MapMarker = { slug: string; name: string; country: string; lat: number; lon: number };

const WIDTH = 1000;
const NORTH = 84;
const SOUTH = -60;
const HEIGHT = Math.round((WIDTH * (NORTH - SOUTH)) / 360);

const equirect = (lon: number, lat: number) => ({ x: ((lon + 180) / 360) * WIDTH, y: ((NORTH - lat) / (NORTH - SOUTH)) * HEIGHT });

const TILE = 256;
const ZOOM = 1;
const WORLD_PX = TILE * 2 ** ZOOM;
const mercator = (lon: number, lat: number) => {
  const clamped = Math.max(-85, Math.min(85, lat));
  const sin = Math.sin((clamped * Math.PI) / 180);
  return {
    x: ((lon + 180) / 360) * WORLD_PX,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * WORLD_PX,
  };
};

/** Coarse outlines, [lon, lat]; good enough to place a destination at a glance. */
const continents: [number, number][][] = [
  // North and Central America
  [
    [-168, 66],
    [-162, 70],
    [-140, 70],
    [-125, 70],
    [-95, 72],
    [-80, 73],
    [-62, 67],
    [-55, 52],
    [-66, 45],
    [-70, 42],
    [-76, 35],
    [-81, 31],
    [-80, 25],
    [-82, 27],
    [-85, 30],
    [-90, 29],
    [-97, 27],
    [-97, 22],
    [-95, 18],
    [-88, 21],
    [-87, 16],
    [-83, 10],
    [-79, 9],
    [-85, 12],
    [-92, 15],
    [-105, 20],
    [-110, 24],
    [-115, 31],
    [-118, 34],
    [-124, 40],
    [-124, 48],
    [-130, 55],
    [-140, 60],
    [-152, 59],
    [-165, 61],
  ],
  // Greenland
  [
    [-73, 78],
    [-60, 82],
    [-30, 83],
    [-20, 75],
    [-22, 70],
    [-40, 64],
    [-50, 62],
    [-55, 68],
  ],
  // South America
  [
    [-80, 9],
    [-75, 11],
    [-62, 11],
    [-52, 5],
    [-35, -5],
    [-38, -13],
    [-40, -22],
    [-48, -26],
    [-58, -34],
    [-63, -40],
    [-65, -46],
    [-68, -52],
    [-72, -54],
    [-75, -50],
    [-73, -40],
    [-71, -30],
    [-70, -18],
    [-76, -14],
    [-81, -5],
    [-80, 1],
    [-78, 7],
  ],
  // Europe
  [
    [-10, 36],
    [-9, 43],
    [-2, 44],
    [-4, 48],
    [2, 51],
    [5, 53],
    [8, 57],
    [5, 61],
    [10, 64],
    [15, 69],
    [25, 71],
    [40, 68],
    [30, 60],
    [28, 56],
    [40, 50],
    [40, 44],
    [28, 41],
    [26, 38],
    [22, 37],
    [19, 42],
    [14, 45],
    [16, 38],
    [12, 38],
    [8, 44],
    [3, 43],
    [-1, 37],
    [-6, 36],
  ],
  // Great Britain and Ireland
  [
    [-5, 50],
    [1, 51],
    [2, 53],
    [-2, 56],
    [-2, 58],
    [-5, 58],
    [-6, 56],
    [-3, 54],
    [-5, 52],
  ],
  [
    [-10, 52],
    [-6, 52],
    [-6, 55],
    [-9, 55],
  ],
  // Africa
  [
    [-17, 21],
    [-17, 15],
    [-15, 10],
    [-8, 4],
    [5, 5],
    [9, 4],
    [9, -1],
    [13, -10],
    [12, -17],
    [15, -28],
    [18, -34],
    [25, -34],
    [32, -28],
    [35, -24],
    [40, -15],
    [40, -10],
    [42, -2],
    [51, 11],
    [43, 12],
    [38, 18],
    [33, 28],
    [32, 31],
    [25, 32],
    [20, 31],
    [11, 33],
    [10, 37],
    [-2, 35],
    [-6, 36],
    [-10, 31],
  ],
  // Madagascar
  [
    [44, -25],
    [47, -25],
    [50, -16],
    [49, -12],
    [44, -17],
  ],
  // Asia
  [
    [26, 40],
    [36, 36],
    [35, 32],
    [34, 28],
    [43, 13],
    [52, 16],
    [58, 22],
    [57, 25],
    [50, 29],
    [57, 26],
    [62, 25],
    [67, 24],
    [72, 21],
    [77, 8],
    [80, 13],
    [80, 15],
    [87, 22],
    [92, 21],
    [98, 16],
    [98, 8],
    [104, 1],
    [101, 7],
    [106, 10],
    [109, 12],
    [106, 20],
    [111, 21],
    [117, 23],
    [122, 30],
    [121, 37],
    [122, 40],
    [127, 35],
    [129, 39],
    [135, 44],
    [142, 47],
    [140, 52],
    [157, 59],
    [162, 62],
    [180, 65],
    [180, 70],
    [140, 72],
    [115, 74],
    [105, 77],
    [80, 73],
    [70, 73],
    [60, 69],
    [45, 68],
    [40, 66],
    [30, 60],
    [28, 56],
    [40, 50],
    [42, 43],
    [36, 41],
  ],
  // Japan
  [
    [130, 31],
    [132, 34],
    [135, 34],
    [140, 36],
    [141, 41],
    [140, 45],
    [145, 44],
    [141, 39],
    [141, 36],
    [139, 34],
    [135, 33],
  ],
  // Indonesia and New Guinea
  [
    [95, 5],
    [105, -6],
    [115, -8],
    [120, -9],
    [125, -8],
    [140, -8],
    [150, -10],
    [145, -3],
    [130, -2],
    [119, 4],
    [117, 7],
    [110, 2],
    [104, 2],
  ],
  // Australia
  [
    [114, -22],
    [114, -34],
    [117, -35],
    [123, -34],
    [131, -31],
    [138, -35],
    [141, -38],
    [147, -38],
    [150, -37],
    [153, -30],
    [153, -25],
    [145, -15],
    [142, -11],
    [141, -17],
    [137, -16],
    [136, -12],
    [130, -12],
    [126, -14],
    [122, -18],
  ],
  // New Zealand
  [
    [172, -35],
    [178, -38],
    [174, -41],
    [170, -46],
    [167, -46],
    [172, -41],
  ],
];

/** A coordinate in the page: a tenth of a unit (0.04° of the 1000-unit map) is finer than any screen shows. */
const short = (n: number) => String(Math.round(n * 10) / 10);

/**
 * Whole units, each point relative to the one before: the coarse outlines lose nothing a
 * viewer sees, and the path is half the bytes of absolute tenths.
 */
const outlinePath = continents
  .map((shape) => {
    const points = shape.map(([lon, lat]) => {
      const { x, y } = equirect(lon, lat);
      return [Math.round(x), Math.round(y)] as const;
    });
    const [first, ...rest] = points;
    let [px, py] = first!;
    const steps = rest.map(([x, y]) => {
      const step = `${x - px} ${y - py}`;
      [px, py] = [x, y];
      return step;
    });
    return `M${first![0]} ${first![1]}l${steps.join(' ').replace(/ -/g, '-')}z`;
  })
  .join('');

const graticule = [
  ...[-150, -120, -90, -60, -30, 0, 30, 60, 90, 120, 150].map((lon) => {
    const a = equirect(lon, NORTH);
    const b = equirect(lon, SOUTH);
    return `M${short(a.x)} 0V${short(b.y)}`;
  }),
  ...[60, 30, 0, -30].map((lat) => `M0 ${short(equirect(0, lat).y)}H${WIDTH}`),
].join('');

/** Text for markup built as a string, escaped as React escapes it. */
function escapeMarkup(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
}

// No ocean of its own: the frame behind the map is the sea's colour.
const outlineMarkup = `<g aria-hidden="true"><path class="map-graticule" d="${graticule}"/><path class="map-land" d="${outlinePath}"/></g>`;

function tilesMarkup(tileServer: string): string {
  const tiles = [0, 1].flatMap((x) =>
    [0, 1].map((y) => {
      const href = tileServer.replace('{z}', String(ZOOM)).replace('{x}', String(x)).replace('{y}', String(y)).replace('{s}', 'a');
      return `<image href="${escapeMarkup(href)}" x="${x * TILE}" y="${y * TILE}" width="${TILE}" height="${TILE}"></image>`;
    }),
  );
  return `<g aria-hidden="true">${tiles.join('')}</g>`;
}

function markersMarkup(markers: MapMarker[], project: typeof equirect, radius: number): string {
  // Every halo under every dot; the dots carry the names (their <title>, which the browser
  // shows on hover and screen readers read). Styles by group, so each marker is two bare circles.
  const points = markers.map((m) => {
    const { x, y } = project(m.lon, m.lat);
    return { at: `cx="${short(x)}" cy="${short(y)}"`, label: escapeMarkup(`${m.name}, ${m.country}`) };
  });
  const halos = points.map((p) => `<circle ${p.at} r="${radius * 2}"/>`).join('');
  const dots = points.map((p) => `<circle ${p.at} r="${radius}"><title>${p.label}</title></circle>`).join('');
  return `<g class="map-halos" aria-hidden="true">${halos}</g><g class="map-markers">${dots}</g>`;
}

/**
 * The drawing inside a tile map's <svg>, as markup. A map is dozens of SVG elements that
 * never change after render; handing React one string instead of an element tree keeps
 * them out of every server render's and every hydration's reconciliation. The same pure
 * function runs on the server and in the browser, so hydration sees the same string.
 */
export function worldMapMarkup({ markers, titleId, description, tileServer }: { markers: MapMarker[]; titleId: string; description: string; tileServer: string }): string {
  return `<desc id="${escapeMarkup(titleId)}-desc">${escapeMarkup(description)}</desc>${tilesMarkup(tileServer)}${markersMarkup(markers, mercator, 5)}`;
}

type Colours = { primary: string; surface: string; text: string; mutedText: string; accent: string };

/**
 * The outline map as an image of its own (GET /world-map.svg), in the organisation's colours:
 * the page carries an <img> instead of the drawing, and the browser caches it across pages.
 * Its markers are named in the list below the map, which is what the page's text says.
 */
export function worldMapImage(markers: MapMarker[], colours: Colours): string {
  const c = Object.fromEntries(Object.entries(colours).map(([name, value]) => [name, escapeMarkup(value)])) as Colours;
  const style =
    `.map-graticule{fill:none;stroke:color-mix(in srgb,${c.mutedText} 25%,transparent);stroke-width:1}` +
    `.map-land{fill:color-mix(in srgb,${c.primary} 22%,${c.surface});stroke:color-mix(in srgb,${c.primary} 45%,${c.surface});stroke-width:1.5;stroke-linejoin:round}` +
    `.map-halos{fill:color-mix(in srgb,${c.accent} 35%,transparent)}.map-markers{fill:${c.accent};stroke:${c.text};stroke-width:2}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}"><style>${style}</style>${outlineMarkup}${markersMarkup(markers, equirect, 7)}</svg>`;
}

/** Where the page finds the outline map (app/routes/world-map[.]svg.ts). */
export const WORLD_MAP_IMAGE_PATH = '/world-map.svg';

type Props = { tileMap: { server: string; markers: MapMarker[] } | null; titleId: string; description: string; heightPx: number };

/**
 * The outline map is an <img> described by the page's text (the list below names every
 * marker); a configured tile server's map is drawn in the page, as an image cannot load tiles.
 */
export function WorldMap({ tileMap, titleId, description, heightPx }: Props) {
  if (!tileMap) {
    return (
      <img className="world-map" src={WORLD_MAP_IMAGE_PATH} alt={description} width={Math.round((heightPx * WIDTH) / HEIGHT)} height={heightPx} loading="lazy" decoding="async" />
    );
  }
  return (
    <svg
      className="world-map"
      viewBox={`0 ${WORLD_PX * 0.12} ${WORLD_PX} ${WORLD_PX * 0.62}`}
      width="100%"
      height={heightPx}
      preserveAspectRatio="xMidYMid meet"
      role="group"
      aria-labelledby={titleId}
      aria-describedby={`${titleId}-desc`}
      dangerouslySetInnerHTML={{ __html: worldMapMarkup({ markers: tileMap.markers, titleId, description, tileServer: tileMap.server }) }}
    />
  );
}
