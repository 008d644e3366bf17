import { join } from 'node:path';
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { orgConfigSchema } from '#schemas/org-config.schema';
import { layoutSchema } from '#schemas/layout.schema';
import { matchesSchema } from './schema-match';

const ROOT = join(__dirname, '..', '..');
const filesIn = (folder: string) => readdirSync(join(ROOT, folder)).map((name) => JSON.parse(readFileSync(join(ROOT, folder, name), 'utf8')) as Record<string, unknown>);

describe('matchesSchema', () => {
  it('accepts every seeded organisation and layout, as the one validator does', () => {
    for (const org of filesIn('org-configs')) expect(matchesSchema(orgConfigSchema, org), String(org.orgId)).toBe(true);
    for (const layout of filesIn('layouts')) expect(matchesSchema(layoutSchema, layout), String(layout.id)).toBe(true);
  });

  it('tells the branch of a discriminated oneOf a value is', () => {
    const chat = orgConfigSchema.properties.chat;
    const branches = chat.oneOf.map((branch) => matchesSchema(branch, { provider: 'zendesk', key: 'abcdefgh-1234' }));
    expect(branches).toEqual([false, true, false]);
    expect(matchesSchema(chat, { provider: 'zendesk' })).toBe(false);
  });

  it('refuses the wrong type, value, pattern, bound, missing or unknown property', () => {
    const schema = {
      type: 'object',
      properties: { code: { type: 'string', pattern: '^[A-Z]{3}$' }, days: { type: 'integer', minimum: 1, maximum: 9 }, kind: { enum: ['a', 'b'] } },
      required: ['code'],
      additionalProperties: false,
    };
    expect(matchesSchema(schema, { code: 'USD', days: 3, kind: 'a' })).toBe(true);
    for (const wrong of [{ code: 'usd' }, { code: 'USD', days: 0 }, { code: 'USD', days: 2.5 }, { code: 'USD', kind: 'c' }, {}, { code: 'USD', extra: 1 }, 'USD']) {
      expect(matchesSchema(schema, wrong), JSON.stringify(wrong)).toBe(false);
    }
  });
});
