import { describe, expect, inject, it } from 'vitest';
import { http } from '../support/http-client';

const backends = [
  { name: 'PGlite', base: inject('baseURL') },
  { name: 'PostgreSQL', base: inject('pgBaseURL') },
].filter((b) => b.base);

describe.each(backends)('POST /api/flights/autosuggestV2 on $name', ({ base }) => {
  const suggest = (body: unknown) => http(base, 'POST', '/api/flights/autosuggestV2', { body });

  it('answers airports with the spec fields, the exact code first', async () => {
    // Spec §7's body: the fields inside `json`; the same fields at the top level answer alike.
    const res = await suggest({ json: { text: 'cun', latitude: null, longitude: null, type: 'from', language: 'en-US' } });
    expect(res.status).toBe(200);
    expect((await suggest({ text: 'cun', latitude: null, longitude: null, type: 'from', language: 'en-US' })).json()).toEqual(res.json());
    const { data } = res.json();
    expect(data[0]).toMatchObject({ iata: 'CUN', search_type: 6 });
    for (const item of data) {
      expect(typeof item.iata).toBe('string');
      expect(item.search_type).toBe(6);
      expect(typeof item.latitude).toBe('number');
      expect(typeof item.longitude).toBe('number');
    }
  });

  it('matches city names without accents and suggests the nearest airports for coordinates alone', async () => {
    expect(res(await suggest({ text: 'cancun' }))[0]!.iata).toBe('CUN');
    const near = res(await suggest({ text: '', latitude: 48.8566, longitude: 2.3522 }));
    expect(['CDG', 'ORY']).toContain(near[0]!.iata);
  });

  it('refuses malformed bodies with a 400 that says what is wrong', async () => {
    const cases: [unknown, RegExp][] = [
      ['"just text"', /JSON object/],
      [{ text: 42 }, /^text: must be string/],
      [{ text: 'x', latitude: 200, longitude: 0 }, /latitude/],
      [{ text: 'x', latitude: 10 }, /together/],
      [{ text: 'a'.repeat(101) }, /at most 100/],
      [{ json: { text: 42 } }, /^json\.text: must be string/],
      [{ json: { text: 'cun' }, text: 'cun' }, /inside json or beside it, not both/],
    ];
    for (const [body, message] of cases) {
      const answer = await suggest(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.json().message).toMatch(message);
    }
    const broken = await http(base, 'POST', '/api/flights/autosuggestV2', { body: '{"text":', headers: { 'content-type': 'application/json' } });
    expect(broken.status).toBe(400);
    expect((await http(base, 'GET', '/api/flights/autosuggestV2')).status).toBe(405);
  });
});

function res(answer: { status: number; json: () => { data: { iata: string }[] } }) {
  expect(answer.status).toBe(200);
  return answer.json().data;
}
