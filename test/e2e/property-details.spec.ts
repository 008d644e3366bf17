import { describe, expect, inject, it } from 'vitest';
import { type Page, expectNoAxeViolationsAtViewports, newContext, orgUrl, useSharedBrowser, waitForHydration, watchConsole } from '../support/browser';
import { inDays } from '../support/dates';
import { http } from '../support/http-client';

const base = inject('baseURL');
const browser = useSharedBrowser();

// Details pages only read: any dates will do.
const stay = new URLSearchParams({ checkin: inDays(160), checkout: inDays(163), rooms: '1', guests: '2' });

/** Every picture the page asked for came from the page's own host. */
function watchImages(page: Page): () => string[] {
  const images: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'image') images.push(request.url());
  });
  return () => images;
}

/** The map's window on the drawing (its viewBox). */
const viewBox = (page: Page) => page.locator('.map-viewport svg').getAttribute('viewBox');

describe('property details (issue 15): pictures, amenities, policies, check-in and an offline map', () => {
  it('shows a hotel’s gallery, amenities, policies, check-in instructions and map, all usable by keyboard, in English', async () => {
    const { context } = await newContext(browser());
    const page = await context.newPage();
    const check = watchConsole(page);
    const images = watchImages(page);
    const host = 'wanderly.localhost';
    await page.goto(orgUrl(base, host, `/hotel-details?hotel=cancun-harbour-view&destination=cancun&${stay}`));
    await page.getByRole('heading', { level: 1, name: 'Harbour View Cancún' }).waitFor();
    await waitForHydration(page);

    const amenities = page.getByRole('region', { name: 'Amenities' });
    for (const amenity of ['Free Wi-Fi', '24-hour front desk', 'Beach access']) expect(await amenities.getByText(amenity, { exact: true }).isVisible(), amenity).toBe(true);
    const policies = page.getByRole('region', { name: 'Policies' });
    expect(await policies.getByText(/^From \d{1,2}:\d\d [AP]M, at any hour$/).isVisible()).toBe(true);
    expect(await policies.getByText(/^By \d{1,2}:\d\d [AP]M$/).isVisible()).toBe(true);
    // The suite is non-refundable, the other rooms cancel free: the line says so.
    expect(await policies.getByText('Some rooms can be cancelled free of charge; each room says whether it can.').isVisible()).toBe(true);
    expect(await policies.getByText('Pets are not allowed.').isVisible()).toBe(true);
    const checkIn = page.getByRole('region', { name: 'Check-in instructions' });
    expect(await checkIn.getByText(/^The front desk is open 24 hours: check in any time from /).isVisible()).toBe(true);
    expect(await checkIn.getByRole('listitem').allTextContents()).toEqual(['a photo ID', 'a payment card for extras']);
    expect(await page.getByText(/^Wake up to the light on the water at Harbour View Cancún/).isVisible()).toBe(true);

    // The gallery: the photo takes the focus, the arrow keys and the buttons move through the photos.
    const gallery = page.getByRole('region', { name: 'Photos' });
    const stage = gallery.getByRole('group', { name: 'Photos' });
    // The live position announces each move; the photo's frame keeps its name.
    const position = (text: string) => gallery.getByText(text, { exact: true }).waitFor();
    await position('Photo 1 of 6');
    expect(await stage.getByRole('img', { name: 'Harbour View Cancún: the building from the street' }).isVisible()).toBe(true);
    await stage.focus();
    await page.keyboard.press('ArrowRight');
    await stage.getByRole('img', { name: 'Harbour View Cancún: a guest room' }).waitFor();
    await position('Photo 2 of 6');
    await page.keyboard.press('End');
    await position('Photo 6 of 6');
    await gallery.getByRole('button', { name: 'Next photo' }).press('Enter');
    await position('Photo 1 of 6');
    await gallery.getByRole('button', { name: 'Harbour View Cancún: the restaurant' }).click();
    expect(await gallery.getByRole('button', { name: 'Harbour View Cancún: the restaurant' }).getAttribute('aria-pressed')).toBe('true');
    const shown = gallery.getByRole('img', { name: 'Harbour View Cancún: the restaurant' }).first();
    expect(await shown.getAttribute('width')).toBe('400');
    expect(await shown.getAttribute('height')).toBe('240');

    // The map: our own drawing, the property's marker labelled, zoom by buttons and keys, moved by arrows.
    const map = page.getByRole('region', { name: 'Location' });
    const viewport = map.getByRole('group', { name: 'Map of Cancún around Harbour View Cancún' });
    expect(await viewport.getByRole('img', { name: 'Map of Cancún around Harbour View Cancún' }).isVisible()).toBe(true);
    expect(await viewport.locator('text').filter({ hasText: 'Harbour View Cancún' }).count()).toBe(1);
    expect(await map.getByRole('listitem').first().textContent()).toMatch(/^Cancún centre · \d+\.\d km away$/);
    const start = await viewBox(page);
    await map.getByRole('button', { name: 'Zoom in' }).click();
    const zoomedIn = await viewBox(page);
    expect(zoomedIn).not.toBe(start);
    await viewport.focus();
    await page.keyboard.press('-');
    expect(await viewBox(page)).toBe(start);
    await page.keyboard.press('ArrowRight');
    const moved = await viewBox(page);
    expect(Number(moved!.split(' ')[0])).toBeGreaterThan(Number(start!.split(' ')[0]));
    await page.keyboard.press('0');
    expect(await viewBox(page)).toBe(start);
    await map.getByRole('button', { name: 'Zoom out' }).click();
    await map.getByRole('button', { name: 'Centre on Harbour View Cancún' }).click();
    expect(await viewBox(page)).toBe(start);

    await expectNoAxeViolationsAtViewports(page, 'hotel details');
    for (const image of images()) expect(new URL(image).hostname, image).toBe(host);
    expect(images().some((image) => /\/images\/properties\/v1\/cancun-harbour-view\/facade\.svg$/.test(image))).toBe(true);
    check();
    await context.close();
  });

  it('sends the map’s frame and the nearby places from the server; the browser draws the map', async () => {
    const { context } = await newContext(browser(), { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(orgUrl(base, 'wanderly.localhost', `/hotel-details?hotel=cancun-harbour-view&destination=cancun&${stay}`));
    const map = page.getByRole('region', { name: 'Location' });
    const frame = map.getByRole('group', { name: 'Map of Cancún around Harbour View Cancún' });
    expect(await frame.locator('svg').count()).toBe(0);
    // Sized as the drawing will be (640 by 384), so nothing below it moves when it comes.
    const box = await frame.locator('.map-pending').boundingBox();
    expect(box!.width / box!.height).toBeCloseTo(640 / 384, 1);
    expect(await map.getByRole('listitem').first().textContent()).toMatch(/^Cancún centre · \d+\.\d km away$/);
    await context.close();
  });

  it('reads Spanish on the Spanish site: a holiday home’s description, amenities, rules, arrival and map', async () => {
    const { context } = await newContext(browser());
    const page = await context.newPage();
    const check = watchConsole(page);
    await page.goto(orgUrl(base, 'viajamas.localhost', `/holidaystays/hotel-details?hotel=cancun-seaside-villas&destination=cancun&${stay}`));
    await page.getByRole('heading', { level: 1, name: 'Seaside Villas Cancún' }).waitFor();
    await waitForHydration(page);
    expect(await page.getByText(/^Seaside Villas Cancún son villas privadas cerca de la costa de Cancún/).isVisible()).toBe(true);
    const amenities = page.getByRole('region', { name: 'Servicios' });
    for (const amenity of ['Cocina', 'Alberca privada', 'Asador']) expect(await amenities.getByText(amenity, { exact: true }).isVisible(), amenity).toBe(true);
    const policies = page.getByRole('region', { name: 'Políticas' });
    // Spanish writes times on the 24-hour clock; the three-bedroom villa is non-refundable.
    expect(await policies.getByText(/^De \d\d:\d\d a \d\d:\d\d$/).isVisible()).toBe(true);
    expect(await policies.getByText('Algunas habitaciones se pueden cancelar sin costo; cada habitación indica si se puede.').isVisible()).toBe(true);
    const arrival = page.getByRole('region', { name: 'Instrucciones de llegada' });
    expect(await arrival.getByText('El anfitrión te recibe en la puerta: avísale tu hora de llegada al menos 48 horas antes.').isVisible()).toBe(true);

    const gallery = page.getByRole('region', { name: 'Fotos' });
    expect(await gallery.getByRole('img', { name: 'Seaside Villas Cancún: el edificio desde la calle' }).first().isVisible()).toBe(true);
    await gallery.getByRole('button', { name: 'Foto siguiente' }).click();
    await gallery.getByRole('group', { name: 'Fotos' }).getByRole('img', { name: 'Seaside Villas Cancún: la sala' }).waitFor();
    await gallery.getByText(/^Foto 2 de \d$/).waitFor();

    const map = page.getByRole('region', { name: 'Ubicación' });
    const start = await viewBox(page);
    await map.getByRole('button', { name: 'Acercar' }).click();
    expect(await viewBox(page)).not.toBe(start);
    await map.getByRole('button', { name: 'Alejar' }).click();
    expect(await viewBox(page)).toBe(start);
    await map.getByRole('group', { name: 'Mapa de Cancún alrededor de Seaside Villas Cancún' }).focus();
    await page.keyboard.press('ArrowDown');
    expect(await viewBox(page)).not.toBe(start);
    expect(await map.getByRole('listitem').first().textContent()).toMatch(/^Centro de Cancún · a \d+\.\d km$/);

    await expectNoAxeViolationsAtViewports(page, 'holiday home details, Spanish');
    check();
    await context.close();
  });

  it('lists each hotel with its first picture and its stars', async () => {
    const { context } = await newContext(browser());
    const page = await context.newPage();
    await page.goto(orgUrl(base, 'wanderly.localhost', `/search-detail?destination=cancun&${stay}`));
    const results = page.getByRole('region', { name: /hotels for 3 nights/ });
    await results.waitFor();
    const card = results.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Grand Plaza Cancún' }) });
    const picture = card.locator('img');
    expect(await picture.getAttribute('src')).toBe('/images/properties/v1/cancun-grand-plaza/facade.svg');
    expect([await picture.getAttribute('width'), await picture.getAttribute('height')]).toEqual(['160', '96']);
    expect(await card.getByRole('img', { name: '5 stars' }).isVisible()).toBe(true);
    await context.close();
  });

  it('serves pictures as immutable SVG, and only those a property lists', async () => {
    const host = 'wanderly.localhost';
    const facade = await http(base, 'GET', '/images/properties/v1/cancun-grand-plaza/facade.svg', { host });
    expect(facade.status).toBe(200);
    expect(facade.headers['content-type']).toBe('image/svg+xml');
    expect(facade.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(facade.text).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    for (const path of [
      '/images/properties/v1/cancun-grand-plaza/kitchen.svg', // a hotel lists no kitchen
      '/images/properties/v1/atlantis-grand-plaza/facade.svg',
      '/images/properties/v0/cancun-grand-plaza/facade.svg',
      '/images/properties/v1/cancun-grand-plaza/facade.png',
    ]) {
      expect((await http(base, 'GET', path, { host })).status, path).toBe(404);
    }
  });
});
