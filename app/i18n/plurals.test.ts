import { describe, expect, it } from 'vitest';
import { enUS, type MessageKey } from './en-US';
import { esMX } from './es-MX';
import { format, messagesFor } from './index';

const en = (key: MessageKey, values: Record<string, string | number>) => format(messagesFor('en-US')[key], values, 'en-US');
const es = (key: MessageKey, values: Record<string, string | number>) => format(messagesFor('es-MX')[key], values, 'es-MX');

describe('plural forms', () => {
  it('counts nights and rooms in the hotel price line in both languages', () => {
    expect(en('price.line.stay', { rooms: 1, nights: 1, rate: '$10' })).toBe('1 room × 1 night at $10 a night');
    expect(en('price.line.stay', { rooms: 1, nights: 3, rate: '$10' })).toBe('1 room × 3 nights at $10 a night');
    expect(en('price.line.stay', { rooms: 2, nights: 0, rate: '$10' })).toBe('2 rooms × 0 nights at $10 a night');
    expect(es('price.line.stay', { rooms: 1, nights: 1, rate: '$10' })).toBe('1 habitación × 1 noche a $10 por noche');
    expect(es('price.line.stay', { rooms: 3, nights: 3, rate: '$10' })).toBe('3 habitaciones × 3 noches a $10 por noche');
  });

  it('counts results, guests, travellers and days', () => {
    expect(en('results.count', { count: 1, nights: 1 })).toBe('1 hotel for 1 night');
    expect(en('results.count', { count: 12, nights: 2 })).toBe('12 hotels for 2 nights');
    expect(es('results.count', { count: 1, nights: 1 })).toBe('1 hotel por 1 noche');
    expect(es('results.count', { count: 12, nights: 2 })).toBe('12 hoteles por 2 noches');
    expect(en('checkout.stay', { checkin: 'a', checkout: 'b', rooms: 1, guests: 1 })).toBe('a to b · 1 room · 1 guest per room');
    expect(es('checkout.stay', { checkin: 'a', checkout: 'b', rooms: 2, guests: 1 })).toBe('a a b · 2 habitaciones · 1 huésped por habitación');
    expect(en('flight.travellers', { count: 1 })).toBe('1 traveller');
    expect(es('flight.travellers', { count: 4 })).toBe('4 viajeros');
    expect(es('flight.seatsLeft', { count: 1 })).toBe('Queda 1 asiento');
    expect(es('flight.seatsLeft', { count: 5 })).toBe('Quedan 5 asientos');
    expect(en('cars.results.count', { count: 1, days: 1 })).toBe('1 car for 1 day');
    expect(es('price.line.carDays', { days: 1, rate: '$5' })).toBe('1 día a $5 por día');
    expect(es('price.line.weeks', { weeks: 2, nights: 14, rate: '$5' })).toBe('2 semanas (14 noches) a $5 por semana');
  });

  it('chooses forms by the language’s rules, an exact form first, and leaves a count it cannot read', () => {
    // English has "one" for 1 only; a decimal such as 1.5 is "other" in both languages.
    expect(format('{n, plural, one {# item} other {# items}}', { n: 1.5 }, 'en-US')).toBe('1.5 items');
    expect(format('{n, plural, =0 {none} one {# item} other {# items}}', { n: 0 }, 'en-US')).toBe('none');
    expect(format('{n, plural, one {# item} other {# items}}', {}, 'en-US')).toBe('{n, plural, one {# item} other {# items}}');
    expect(format('{n, plural, one {# of {what}} other {# of {what}s}}', { n: 2, what: 'room' }, 'es-MX')).toBe('2 of rooms');
    // A block without its count stays as written, its placeholders filled; values are never read as template.
    expect(format('{n, plural, one {# {what}} other {# {what}s}}', { what: 'room' }, 'en-US')).toBe('{n, plural, one {# room} other {# rooms}}');
    expect(format('{a} {n, plural, other {# {b}}} {missing}', { a: '{b}#', n: 3, b: 'x' }, 'en-US')).toBe('{b}# 3 x {missing}');
    // Read once, filled many times: the same template gives each call its own values.
    for (const n of [1, 2, 1]) expect(format('{n, plural, one {# night} other {# nights}}', { n }, 'en-US')).toBe(n === 1 ? '1 night' : `${n} nights`);
  });

  it('writes no count as a bare "{n} things" in either language: every count has its plural forms', () => {
    // A placeholder named as a count, directly followed by a word, must be a plural block instead;
    // "3 left", "3 or more", "3 available" read right whatever the count.
    const bareCount = /\{(count|nights|rooms|days|weeks|guests|adults|children|infants|quantity|legs|bags)\} (?!left\b|or more\b|o más\b|available\b)[a-záéíóúñ]/i;
    for (const dictionary of [enUS, esMX]) {
      const bare = Object.entries(dictionary)
        .filter(([, text]) => bareCount.test(text))
        .map(([key]) => key);
      expect(bare).toEqual([]);
    }
  });
});
