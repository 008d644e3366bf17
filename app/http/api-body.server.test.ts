import { describe, expect, it } from 'vitest';
import { apiBodyErrors, compileApiBody } from '~/services/platform/api-body-schema.server';
import { readApiBody } from './api-body.server';

const schema = {
  type: 'object',
  properties: { id: { type: 'string' }, amount: { type: 'number' }, meta: { type: 'object', properties: { tag: { type: 'string' } }, additionalProperties: false } },
  required: ['id'],
  additionalProperties: false,
} as const;
const validate = compileApiBody<{ id: string; amount?: number; meta?: { tag?: string } }>(schema);

const post = (body: string) => new Request('http://localhost/api/x', { method: 'POST', body, headers: { 'content-type': 'application/json' } });
async function refusal(body: string, options?: Parameters<typeof readApiBody>[2]) {
  const read = await readApiBody(post(body), validate, options);
  if (read.ok) throw new Error('accepted');
  return { status: read.response.status, body: (await read.response.json()) as Record<string, unknown> };
}

describe('readApiBody', () => {
  it('answers the checked body', async () => {
    expect(await readApiBody(post('{"id":"a","amount":2}'), validate)).toEqual({ ok: true, body: { id: 'a', amount: 2 } });
  });

  it('names the field: wrong type, unknown, missing, nested', async () => {
    expect(await refusal('{"id":5}')).toEqual({ status: 400, body: { status: 400, message: 'id: must be string' } });
    expect((await refusal('{"id":"a","surprise":1}')).body.message).toBe("surprise: unrecognized property 'surprise'");
    expect((await refusal('{}')).body.message).toBe("id: missing required property 'id'");
    expect((await refusal('{"id":"a","meta":{"x":1}}')).body.message).toBe("meta.x: unrecognized property 'x'");
    expect((await refusal('{"amount":"2"}')).body.message).toBe("id: missing required property 'id'; amount: must be number");
  });

  it('refuses bad JSON, a non-object and a body over 16 kB; an empty body only where allowed', async () => {
    expect(await refusal('{"id":')).toEqual({ status: 400, body: { status: 400, message: 'The request body is not valid JSON' } });
    expect((await refusal('[1]')).body.message).toMatch(/^\(root\): must be object/);
    expect((await refusal('null')).body.message).toMatch(/JSON object/);
    expect((await refusal(JSON.stringify({ id: 'x'.repeat(17_000) }))).status).toBe(413);
    expect((await refusal('')).status).toBe(400);
    expect((await refusal('', { emptyIsObject: true })).body.message).toBe("id: missing required property 'id'");
  });

  it("answers in the route family's envelope", async () => {
    const fail = (status: 400 | 413, message: string) => Response.json({ status: 'invalid', message }, { status });
    expect(await refusal('{"id":1}', { fail })).toEqual({ status: 400, body: { status: 'invalid', message: 'id: must be string' } });
  });

  it('apiBodyErrors leaves other errors as formatAjvErrors has them', () => {
    expect(apiBodyErrors(null)).toEqual([]);
  });
});
