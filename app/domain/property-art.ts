/**
 * A property's pictures, drawn by us (decision 0036): a small SVG per property and kind of view,
 * its colours and proportions from the slug's hash, so every property looks its own and the same
 * address always gives the same bytes (served as immutable). No photograph, no external request.
 */
import type { ImageKind } from './property-content';
import { hash } from './stable-hash';

export const PROPERTY_IMAGE_WIDTH = 400;
export const PROPERTY_IMAGE_HEIGHT = 240;

type Palette = { wall: string; accent: string; dark: string; light: string; sky: string; floor: string; h: number };

function paletteOf(slug: string): Palette {
  const h = hash(slug);
  const hue = h % 360;
  const accentHue = (hue + 150 + ((h >>> 9) % 60)) % 360;
  return {
    wall: `hsl(${hue} 38% 78%)`,
    accent: `hsl(${accentHue} 55% 45%)`,
    dark: `hsl(${hue} 30% 28%)`,
    light: `hsl(${hue} 45% 94%)`,
    sky: `hsl(${200 + ((h >>> 5) % 25)} 70% 80%)`,
    floor: `hsl(${(hue + 30) % 360} 25% 55%)`,
    h,
  };
}

const rect = (x: number, y: number, w: number, h: number, fill: string, extra = '') => `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${fill}"${extra}/>`;

function windows(p: Palette, x0: number, y0: number, cols: number, rows: number, w: number, h: number, gap: number): string {
  let out = '';
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) out += rect(x0 + c * (w + gap), y0 + r * (h + gap), w, h, (p.h >>> (r + c)) % 4 === 0 ? '#FFE9A8' : p.light);
  return out;
}

const bed = (p: Palette, x: number, y: number) =>
  rect(x, y, 180, 40, p.light) + rect(x, y + 40, 180, 24, p.accent) + rect(x - 8, y - 30, 12, 94, p.dark) + rect(x + 10, y - 12, 50, 18, '#FFFFFF', ' rx="6"');
const plant = (x: number, y: number) => `<path d="M${x} ${y}c-14-20-6-40 0-52c6 12 14 32 0 52z" fill="#3C8D5A"/>${rect(x - 8, y, 16, 18, '#8A5A3C')}`;
const tree = (x: number, y: number, r: number) => `${rect(x - 4, y, 8, r, '#6B4A2F')}<circle cx="${x}" cy="${y}" r="${r}" fill="#4E9A5F"/>`;
const water = (y: number, fill: string) => `<path d="M0 ${y} Q50 ${y - 8} 100 ${y} T200 ${y} T300 ${y} T400 ${y} V240 H0Z" fill="${fill}"/>`;
const table = (x: number, y: number, cloth: string) => `<ellipse cx="${x}" cy="${y}" rx="30" ry="9" fill="${cloth}"/>${rect(x - 3, y, 6, 34, '#5A4636')}`;

const drawings: Record<ImageKind, (p: Palette) => string> = {
  facade: (p) => {
    const floors = 3 + (p.h % 4);
    const top = 200 - floors * 28;
    return `${rect(0, 0, 400, 240, p.sky)}${rect(90, top, 220, 240 - top, p.wall)}${rect(84, top - 10, 232, 12, p.dark)}${windows(p, 104, top + 12, 6, floors - 1, 24, 18, 10)}${rect(176, 196, 48, 44, p.dark)}${rect(150, 186, 100, 8, p.accent)}${rect(0, 228, 400, 12, '#9C9C94')}${tree(50, 190, 24)}${tree(350, 196, 20)}`;
  },
  lobby: (p) =>
    `${rect(0, 0, 400, 240, p.wall)}${rect(0, 170, 400, 70, p.floor)}${rect(120, 120, 160, 56, p.dark)}${rect(116, 114, 168, 10, p.accent)}<circle cx="200" cy="40" r="18" fill="#FFE9A8"/>${rect(198, 0, 4, 24, p.dark)}${plant(60, 156)}${plant(340, 156)}`,
  room: (p) =>
    `${rect(0, 0, 400, 240, p.wall)}${rect(0, 190, 400, 50, p.floor)}${rect(260, 40, 100, 80, p.sky, ` stroke="${p.dark}" stroke-width="6"`)}${bed(p, 50, 140)}${rect(250, 160, 40, 40, p.dark)}<circle cx="270" cy="150" r="10" fill="#FFE9A8"/>`,
  bathroom: (p) =>
    `${rect(0, 0, 400, 240, p.light)}${windows(p, 0, 0, 10, 6, 38, 38, 2).replace(/#FFE9A8/g, p.light)}${rect(60, 150, 200, 60, '#FFFFFF', ` stroke="${p.dark}" stroke-width="4" rx="24"`)}${rect(300, 80, 60, 80, p.sky, ` stroke="${p.dark}" stroke-width="4"`)}${rect(290, 170, 80, 20, p.accent)}`,
  pool: (p) =>
    `${rect(0, 0, 400, 240, p.sky)}${rect(0, 110, 400, 130, '#E9DFC8')}${rect(40, 140, 320, 80, '#3FB7D9', ' rx="10"')}<path d="M60 170 q20-8 40 0 t40 0 t40 0 t40 0 t40 0 t40 0" stroke="#FFFFFF" stroke-width="3" fill="none" opacity=".7"/>${rect(60, 112, 70, 10, p.accent)}${rect(270, 112, 70, 10, p.accent)}${tree(20, 80, 30)}`,
  restaurant: (p) =>
    `${rect(0, 0, 400, 240, p.wall)}${rect(0, 180, 400, 60, p.floor)}${rect(40, 30, 320, 70, p.dark)}${windows(p, 56, 44, 6, 1, 40, 42, 10)}${table(100, 170, p.light)}${table(200, 176, p.accent)}${table(300, 170, p.light)}`,
  spa: (p) =>
    `${rect(0, 0, 400, 240, p.light)}${rect(0, 170, 400, 70, p.floor)}${rect(70, 140, 260, 30, p.accent, ' rx="14"')}<circle cx="320" cy="90" r="30" fill="${p.wall}"/>${[0, 1, 2].map((i) => `<ellipse cx="${120 + i * 24}" cy="${120 - i * 4}" rx="14" ry="8" fill="#8A8A86"/>`).join('')}${plant(360, 156)}`,
  view: (p) =>
    `${rect(0, 0, 400, 240, p.sky)}<circle cx="${300 - (p.h % 120)}" cy="60" r="26" fill="#FFF2C4"/>${
      p.h % 2 === 0 ? water(150, '#2E8FB8') + water(190, '#1F6F96') : `<path d="M0 200 L90 90 L160 170 L240 70 L330 160 L400 110 V240 H0Z" fill="${p.dark}"/>`
    }${rect(0, 210, 400, 30, p.accent)}${rect(0, 200, 400, 6, p.dark)}`,
  living: (p) =>
    `${rect(0, 0, 400, 240, p.wall)}${rect(0, 180, 400, 60, p.floor)}${rect(50, 130, 180, 50, p.accent, ' rx="10"')}${rect(40, 110, 200, 26, p.accent, ' rx="10"')}${rect(270, 40, 90, 110, p.sky, ` stroke="${p.dark}" stroke-width="6"`)}${rect(250, 165, 60, 20, p.dark)}${plant(360, 162)}`,
  kitchen: (p) =>
    `${rect(0, 0, 400, 240, p.light)}${rect(0, 150, 400, 90, p.dark)}${rect(0, 140, 400, 12, p.wall)}${rect(30, 40, 140, 60, p.accent)}${rect(230, 40, 140, 60, p.accent)}<circle cx="130" cy="134" r="10" fill="#8A8A86"/><circle cx="160" cy="134" r="10" fill="#8A8A86"/>${rect(280, 112, 40, 28, p.wall)}`,
  bedroom: (p) =>
    `${rect(0, 0, 400, 240, p.light)}${rect(0, 190, 400, 50, p.floor)}${bed(p, 120, 140)}${rect(40, 50, 60, 80, p.sky, ` stroke="${p.dark}" stroke-width="5"`)}${rect(330, 150, 40, 50, p.wall)}`,
  garden: (p) =>
    `${rect(0, 0, 400, 240, p.sky)}${rect(0, 150, 400, 90, '#7CC173')}${tree(70, 110, 40)}${tree(330, 120, 34)}${rect(160, 90, 110, 70, p.wall)}<path d="M150 92 L215 50 L280 92Z" fill="${p.accent}"/>${rect(200, 120, 26, 40, p.dark)}`,
  terrace: (p) =>
    `${rect(0, 0, 400, 240, p.sky)}${water(170, '#4A9CC4')}${rect(0, 190, 400, 50, p.floor)}${Array.from({ length: 9 }, (_, i) => rect(10 + i * 48, 150, 6, 42, p.dark)).join('')}${rect(0, 146, 400, 8, p.dark)}${table(120, 206, p.light)}`,
};

/** A holiday home from the street: a house with a pitched roof in its garden, not a hotel block. */
const houseFacade = (p: Palette) =>
  `${rect(0, 0, 400, 240, p.sky)}${rect(0, 190, 400, 50, '#7CC173')}${rect(110, 110, 180, 100, p.wall)}<path d="M96 112 L200 50 L304 112Z" fill="${p.accent}"/>${windows(p, 130, 130, 2, 1, 34, 28, 86)}${rect(186, 160, 30, 50, p.dark)}${tree(60, 150, 30)}${tree(345, 160, 24)}`;

/**
 * The SVG of a property's picture of `kind` (the page's <img> gives its alt text, in the page's
 * language); a holiday home's facade is a house.
 */
export function propertyImageSvg(slug: string, kind: ImageKind, home = false): string {
  // One palette per property, so its pictures look like one place.
  const palette = paletteOf(slug);
  const body = home && kind === 'facade' ? houseFacade(palette) : drawings[kind](palette);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${PROPERTY_IMAGE_WIDTH} ${PROPERTY_IMAGE_HEIGHT}" width="${PROPERTY_IMAGE_WIDTH}" height="${PROPERTY_IMAGE_HEIGHT}">${body}</svg>`;
}
