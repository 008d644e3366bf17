import { describe, expect, it } from 'vitest';
import { enUS } from './en-US';
import { esMX } from './es-MX';

// Issue 14: the Spanish site reads as Spanish. Every key has its Spanish text (the type says so
// at compile time; this says so for what a cast or a stray key could hide), with the same
// placeholders, so a Spanish page never falls back to English or loses a value.
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)[,}]/g)].map((m) => m[1]).sort();

describe('es-MX and en-US dictionaries', () => {
  it('have the same keys', () => {
    expect(Object.keys(esMX).sort()).toEqual(Object.keys(enUS).sort());
  });
  it('fill the same placeholders, and no Spanish text is empty', () => {
    for (const [key, english] of Object.entries(enUS)) {
      const spanish = esMX[key as keyof typeof enUS];
      expect(spanish.trim(), key).not.toBe('');
      expect(new Set(placeholders(spanish)), key).toEqual(new Set(placeholders(english)));
    }
  });
});
