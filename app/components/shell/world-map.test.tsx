import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { WORLD_MAP_IMAGE_PATH, WorldMap, worldMapImage } from './world-map';

const markers = [
  { slug: 'tokyo', name: 'Tokyo', country: 'Japan', lat: 35.68, lon: 139.65 },
  { slug: 'sydney', name: 'Sydney', country: 'Australia', lat: -33.87, lon: 151.21 },
];
const colours = { primary: '#0B5FFF', surface: '#FFFFFF', text: '#1A1F36', mutedText: '#4A5372', accent: '#FFB400' };

describe('WorldMap', () => {
  it('is an image described by the page text when there is no tile server, sized so nothing shifts', () => {
    const html = renderToStaticMarkup(<WorldMap tileMap={null} titleId="t" description="World map, 2 destinations" heightPx={360} />);
    expect(html).toBe(`<img class="world-map" src="${WORLD_MAP_IMAGE_PATH}" alt="World map, 2 destinations" width="900" height="360" loading="lazy" decoding="async"/>`);
  });

  it("draws the configured tile server's zoom-1 tiles in the page when there is one, with named markers", () => {
    const html = renderToStaticMarkup(<WorldMap tileMap={{ server: 'https://tiles.example.com/{z}/{x}/{y}.png', markers }} titleId="t" description="<i>d</i>" heightPx={300} />);
    for (const tile of ['1/0/0', '1/1/0', '1/0/1', '1/1/1']) expect(html).toContain(`href="https://tiles.example.com/${tile}.png"`);
    expect(html).toContain('<title>Tokyo, Japan</title>');
    expect(html).toContain('<desc id="t-desc">&lt;i&gt;d&lt;/i&gt;</desc>');
    expect(html).not.toContain('map-land');
  });
});

describe('worldMapImage', () => {
  it('draws its own outline and one marker per destination in the organisation colours, with no external request', () => {
    const svg = worldMapImage(markers, colours);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).toContain('<title>Sydney, Australia</title>');
    expect(svg).toContain('fill:#FFB400');
    expect(svg).toContain('class="map-land"');
    expect(svg.replace('http://www.w3.org/2000/svg', '')).not.toMatch(/https?:|href=/);
  });

  it('places markers by longitude and latitude (Tokyo north of Sydney, both east of the centre), in tenths', () => {
    const centres = [...worldMapImage(markers, colours).matchAll(/<circle cx="([\d.]+)" cy="([\d.]+)" r="7">/g)].map((m) => ({ x: m[1]!, y: m[2]! }));
    expect(centres).toHaveLength(2);
    expect(Number(centres[0]!.y)).toBeLessThan(Number(centres[1]!.y));
    expect(centres.every((c) => Number(c.x) > 500 && /^\d+(\.\d)?$/.test(c.x) && /^\d+(\.\d)?$/.test(c.y))).toBe(true);
  });

  it('escapes names and colours, so neither a destination nor a theme can inject markup', () => {
    const svg = worldMapImage([{ slug: 'x', name: `<b>"L'Île" & co</b>`, country: 'France', lat: 0, lon: 0 }], { ...colours, accent: '"/><script>' });
    expect(svg).toContain('<title>&lt;b&gt;&quot;L&#x27;Île&quot; &amp; co&lt;/b&gt;, France</title>');
    expect(svg).not.toContain('<b>');
    expect(svg).not.toContain('<script>');
  });
});
