import { describe, expect, it } from 'vitest';
import { automationChance, hashTraits } from './fingerprint';

describe('hashTraits', () => {
  it('gives the same 32 hex digits for the same traits, and another id when one trait differs', () => {
    const traits = ['Mozilla/5.0', 'en-US,en', 'Linux x86_64', '8', '', '0', '1280x900x24@1', 'America/Cancun', 'data:image/png;base64,AAAA', 'Mesa|llvmpipe'];
    const id = hashTraits(traits);
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(hashTraits([...traits])).toBe(id);
    expect(hashTraits(traits.map((trait, i) => (i === 7 ? 'Europe/Madrid' : trait)))).not.toBe(id);
    // Traits are kept apart: moving text from one to the next is another device.
    expect(hashTraits(['ab', 'c'])).not.toBe(hashTraits(['a', 'bc']));
  });
});

describe('automationChance', () => {
  const person = { webdriver: false, userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0', languages: 2, screenWidth: 1280 };
  it('is 0 for a person’s browser', () => {
    expect(automationChance(person)).toBe(0);
  });
  it('rises with each sign of automation and stops at 100', () => {
    expect(automationChance({ ...person, webdriver: true })).toBe(60);
    expect(automationChance({ ...person, webdriver: true, userAgent: 'HeadlessChrome/130' })).toBe(90);
    expect(automationChance({ webdriver: true, userAgent: 'HeadlessChrome/130', languages: 0, screenWidth: 0 })).toBe(100);
  });
});
