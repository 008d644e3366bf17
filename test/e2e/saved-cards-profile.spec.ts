// The profile's saved cards in Chromium (spec §2 "Saved-card dialogs", §5): the list with
// brand icons, masked numbers, MM/YY, nickname and default badge; set as default (and its
// failure text), edit nickname (required) and delete, by keyboard, axe-clean at 375 and 1280.
// It empties the lists of voyagerpro's expired and new members, whom no checkout spec uses.
import { describe, expect, inject } from 'vitest';
import { type Page, expectNoAxeViolationsAtViewports } from '../support/browser';
import { test } from '../support/fixtures';
import { DEMO_PASSWORD, demo } from '../support/http-client';
import { sandboxNonce } from '../support/sandbox-control';

const base = inject('baseURL');
const sandboxURL = inject('sandboxURL');
/** Where the spec's pages sign in: voyagerpro's site, after signing out of any session. */
const VOYAGERPRO = { baseURL: base, host: 'voyagerpro.localhost', from: '/session-out' };
const demoUser = (key: string) => ({ email: demo(key, 'voyagerpro'), password: DEMO_PASSWORD });

const nonceFor = (number: string) => sandboxNonce(sandboxURL, number, { expirationMonth: '07', expirationYear: '2032', cvv: '123' });

/** Saves a card the way the checkout does: a nonce from the card frame, posted from the page. */
async function saveCardFromPage(page: Page, number: string, extra: Record<string, unknown> = {}) {
  const nonce = await nonceFor(number);
  const answer = await page.evaluate(
    async (body) => {
      const res = await fetch('/api/booking/saveCard', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      return (await res.json()) as { status_code: number; data: { id: string } };
    },
    { nonce, ...extra },
  );
  expect(answer.status_code).toBe(200);
  return answer.data.id;
}

/** Deletes every card of the signed-in user through the API, so the page starts from a known list. */
async function clearCards(page: Page) {
  await page.evaluate(async () => {
    const list = (await (await fetch('/api/booking/getUserCreditCards', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })).json()) as {
      data: { cca_card_id: string }[];
    };
    for (const card of list.data) {
      await fetch('/api/booking/deletecard', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ card_id: card.cca_card_id }) });
    }
  });
}

const section = (page: Page) => page.getByRole('region', { name: 'Saved cards' });
const cardItem = (page: Page, text: string) => section(page).getByRole('listitem').filter({ hasText: text });

describe('profile saved cards', () => {
  test('shows the empty state when the user has no cards (member and agent profiles)', async ({ signedInPage }) => {
    const { context, page, check } = await signedInPage({ ...VOYAGERPRO, user: demoUser('newuser'), to: '/user/profile' });
    await clearCards(page);
    await page.reload();
    await expect.poll(() => section(page).getByText('You have no saved cards yet.', { exact: false }).isVisible()).toBe(true);
    expect(await section(page).getByRole('list').count()).toBe(0);
    await expectNoAxeViolationsAtViewports(page, 'profile, no saved cards');
    check();
    await context.close();

    const agent = await signedInPage({ ...VOYAGERPRO, user: demoUser('agent'), to: '/agent/profile' });
    await expect.poll(() => section(agent.page).getByRole('heading', { name: 'Saved cards' }).isVisible()).toBe(true);
    agent.check();
    await agent.context.close();
  });

  test('lists cards and runs set default, its failure text, nickname (required) and delete by keyboard', async ({ signedInPage }) => {
    const { context, page, check } = await signedInPage({ ...VOYAGERPRO, user: demoUser('expired'), to: '/user/profile', expectedConsole: [/status of 404/] });
    await clearCards(page);
    await saveCardFromPage(page, '4111111111111111', { nick_name: 'Travel' });
    const mastercard = await saveCardFromPage(page, '5555555555554444');
    const amex = await saveCardFromPage(page, '378282246310005');
    await page.reload();

    // The list: default first, brand icon, masked number, MM/YY, nickname, default badge.
    const visa = cardItem(page, '1111');
    await expect.poll(() => visa.isVisible()).toBe(true);
    expect(await section(page).getByRole('listitem').count()).toBe(3);
    expect(await section(page).getByRole('listitem').first().textContent()).toContain('1111');
    expect(await visa.getByRole('img', { name: 'Visa' }).isVisible()).toBe(true);
    expect(await visa.textContent()).toContain('•••• 1111');
    expect(await visa.textContent()).toContain('Expires 07/32');
    expect(await visa.getByText('Travel', { exact: true }).isVisible()).toBe(true);
    expect(await visa.getByText('Default', { exact: true }).isVisible()).toBe(true);
    expect(await cardItem(page, '4444').getByRole('img', { name: 'Mastercard' }).isVisible()).toBe(true);
    expect(await cardItem(page, '0005').getByRole('img', { name: 'American Express' }).isVisible()).toBe(true);
    expect(await cardItem(page, '4444').getByText('Default', { exact: true }).count()).toBe(0);
    expect(await visa.getByRole('button', { name: /Set as default/ }).count()).toBe(0);
    await expectNoAxeViolationsAtViewports(page, 'profile with saved cards');

    // Set as default, by keyboard.
    const setDefault = cardItem(page, '4444').getByRole('button', { name: 'Set as default: Mastercard ending in 4444' });
    await setDefault.focus();
    await page.keyboard.press('Enter');
    const defaultDialog = page.getByRole('dialog', { name: 'Set as default card' });
    await expect.poll(() => defaultDialog.isVisible()).toBe(true);
    expect(await defaultDialog.textContent()).toContain('Use Mastercard ending in 4444 as your default card');
    await expectNoAxeViolationsAtViewports(page, 'set-default dialog');
    await page.keyboard.press('Escape');
    await expect.poll(() => defaultDialog.count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toContain('Set as default');
    await page.keyboard.press('Enter');
    await expect.poll(() => defaultDialog.isVisible()).toBe(true);
    await defaultDialog.getByRole('button', { name: 'Set as default' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => defaultDialog.count()).toBe(0);
    await expect.poll(() => cardItem(page, '4444').getByText('Default', { exact: true }).isVisible()).toBe(true);
    expect(await section(page).getByRole('status').textContent()).toBe('Mastercard ending in 4444 is now your default card.');
    expect(await cardItem(page, '1111').getByText('Default', { exact: true }).count()).toBe(0);
    expect(await section(page).getByRole('listitem').first().textContent()).toContain('4444');

    // A set default that does not answer status_code 200 shows the spec's text: here the
    // card was deleted elsewhere (another tab) after the page loaded.
    await page.evaluate(async (id) => {
      await fetch('/api/booking/deletecard', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ card_id: id }) });
    }, amex);
    await cardItem(page, '0005')
      .getByRole('button', { name: /Set as default/ })
      .click();
    const failing = page.getByRole('dialog', { name: 'Set as default card' });
    await failing.getByRole('button', { name: 'Set as default' }).click();
    await expect.poll(() => failing.getByRole('alert').textContent()).toBe('SORRY, SOMETHING WENT WRONG');
    await expectNoAxeViolationsAtViewports(page, 'set-default failure');
    await failing.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => failing.count()).toBe(0);
    await page.reload();
    await expect.poll(() => cardItem(page, '4444').isVisible()).toBe(true);
    expect(await cardItem(page, '0005').count()).toBe(0);

    // Edit nickname: required.
    await cardItem(page, '4444').getByRole('button', { name: 'Edit nickname: Mastercard ending in 4444' }).click();
    const nicknameDialog = page.getByRole('dialog', { name: 'Edit card nickname' });
    const input = nicknameDialog.getByLabel('Nickname');
    await expect.poll(() => input.isVisible()).toBe(true);
    await input.fill('   ');
    await input.press('Enter');
    await expect.poll(() => nicknameDialog.getByRole('alert').textContent()).toBe('Please enter a nickname.');
    expect(await input.getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolationsAtViewports(page, 'nickname required');
    await input.fill('Family');
    await input.press('Enter');
    await expect.poll(() => nicknameDialog.count()).toBe(0);
    await expect.poll(() => cardItem(page, '4444').getByText('Family', { exact: true }).isVisible()).toBe(true);

    // Delete, confirmed.
    await cardItem(page, '1111').getByRole('button', { name: 'Delete: Visa ending in 1111' }).click();
    const deleteDialog = page.getByRole('dialog', { name: 'Delete card' });
    await expect.poll(() => deleteDialog.isVisible()).toBe(true);
    await expectNoAxeViolationsAtViewports(page, 'delete dialog');
    await deleteDialog.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => cardItem(page, '1111').count()).toBe(0);
    expect(await section(page).getByRole('status').textContent()).toBe('Visa ending in 1111 was deleted.');
    expect(await section(page).getByRole('listitem').count()).toBe(1);
    expect(mastercard).toMatch(/^[0-9a-f-]{36}$/);
    check();
    await context.close();
  });
});
