import { describe, expect, it } from 'vitest';
import { problemText, problemTextIn } from './config-problem-text';

describe('problemText', () => {
  it('says a problem in Spanish, keeping its names, numbers and codes', () => {
    expect(problemText("missing required property 'logo'", 'es-MX')).toBe("falta la propiedad obligatoria 'logo'");
    expect(problemText('must NOT have more than 80 characters', 'es-MX')).toBe('debe tener como máximo 80 caracteres');
    expect(problemText('the home page holds at most 30 blocks', 'es-MX')).toBe('la página home lleva como máximo 30 bloques');
    expect(problemText("a checkout needs a 'checkout.payment' block", 'es-MX')).toBe("un pago necesita un bloque 'checkout.payment'");
    expect(problemText('must be >= 0', 'es-MX')).toBe('debe ser mayor o igual que 0');
    expect(problemText("a checkout has one 'checkout.payment' block", 'es-MX')).toBe("un pago lleva un solo bloque 'checkout.payment'");
    expect(problemText("a checkout has one slot 'coupons'", 'es-MX')).toBe("un pago lleva un solo espacio 'coupons'");
  });

  it('leaves English as written, and a problem no rule knows in English', () => {
    expect(problemText('must be string', 'en-US')).toBe('must be string');
    expect(problemTextIn('something nobody wrote a rule for', 'es-MX')).toBeNull();
    // The layout rules name a page kind: a message that only looks like one is not taken for it.
    expect(problemTextIn('everybody has one vote', 'es-MX')).toBeNull();
    expect(problemText('something nobody wrote a rule for', 'es-MX')).toBe('something nobody wrote a rule for');
  });
});
