import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { WorldMap } from './world-map';

const markers = [
  { slug: 'tokyo', name: 'Tokyo', country: 'Japan', lat: 35.68, lon: 139.65 },
  { slug: 'sydney', name: 'Sydney', country: 'Australia', lat: -33.87, lon: 151.21 },
];

describe('WorldMap', () => {
  it('draws its own outline and one named marker per destination, with no external request', () => {
    const html = renderToStaticMarkup(<WorldMap markers={markers} titleId="t" description="d" heightPx={300} tileServer={null} />);
    expect(html).toContain('aria-label="Tokyo, Japan"');
    expect(html).toContain('<title>Sydney, Australia</title>');
    expect(html.match(/class="map-marker"/g)).toHaveLength(2);
    expect(html).not.toContain('<image');
    expect(html).not.toMatch(/https?:/);
  });

  it("draws the configured tile server's zoom-1 tiles when there is one", () => {
    const html = renderToStaticMarkup(
      <WorldMap markers={markers} titleId="t" description="d" heightPx={300} tileServer="https://tiles.example.com/{z}/{x}/{y}.png" />,
    );
    for (const tile of ['1/0/0', '1/1/0', '1/0/1', '1/1/1']) expect(html).toContain(`href="https://tiles.example.com/${tile}.png"`);
    expect(html).not.toContain('map-land');
  });

  it('places markers by longitude and latitude (Tokyo north of Sydney, both east of the centre)', () => {
    const html = renderToStaticMarkup(<WorldMap markers={markers} titleId="t" description="d" heightPx={300} tileServer={null} />);
    const centres = [...html.matchAll(/class="map-marker-dot" cx="([\d.]+)" cy="([\d.]+)"/g)].map((m) => ({ x: Number(m[1]), y: Number(m[2]) }));
    expect(centres[0]!.y).toBeLessThan(centres[1]!.y);
    expect(centres.every((c) => c.x > 500)).toBe(true);
  });

  it('escapes names as text and attributes, so a destination cannot inject markup', () => {
    const html = renderToStaticMarkup(
      <WorldMap markers={[{ slug: 'x', name: `<b>"L'Île" & co</b>`, country: 'France', lat: 0, lon: 0 }]} titleId="t" description="<i>d</i>" heightPx={300} tileServer={null} />,
    );
    expect(html).toContain('aria-label="&lt;b&gt;&quot;L&#x27;Île&quot; &amp; co&lt;/b&gt;, France"');
    expect(html).toContain('<desc id="t-desc">&lt;i&gt;d&lt;/i&gt;</desc>');
    expect(html).not.toContain('<b>');
  });
});
