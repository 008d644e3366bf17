import { describe, expect, it } from 'vitest';
import { apiMessage } from './api-messages';

describe('apiMessage', () => {
  it('fills placeholders in either language', () => {
    expect(apiMessage('en-US', 'limit.codeLookup', { seconds: 42 })).toBe('Too many codes tried in a short time. Please wait 42 seconds and try again.');
    expect(apiMessage('es-MX', 'limit.codeLookup', { seconds: 42 })).toBe('Demasiados códigos probados en poco tiempo. Espera 42 segundos e inténtalo de nuevo.');
    expect(apiMessage('es-MX', 'limit.activeHolds', { max: 5 })).toMatch(/^Ya tienes 5 reservas en espera/);
  });

  it('leaves a placeholder it was not given as written', () => {
    expect(apiMessage('en-US', 'limit.card')).toContain('{seconds}');
  });
});
