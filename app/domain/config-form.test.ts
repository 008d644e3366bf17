import { describe, expect, it } from 'vitest';
import { orgConfigSchema } from '#schemas/org-config.schema';
import { ORG_SECTIONS, consoleSchema, consoleSectionOf, consoleUiSchema, type ErrorTree, errorTreeOf, fieldTokensOf, humanise, sectionSchema } from './config-form';

describe('humanise', () => {
  it('reads a camel-case key as words and leaves other keys as they are', () => {
    expect(humanise('headerVersion')).toBe('Header version');
    expect(humanise('initialPriceMinor')).toBe('Initial price minor');
    expect(humanise('name')).toBe('Name');
    expect(humanise('en-US')).toBe('en-US');
  });
});

describe('consoleSchema', () => {
  const schema = consoleSchema(orgConfigSchema) as { properties: Record<string, { title?: string; oneOf?: { title: string }[] }> };

  it('titles every property by its key and every discriminated branch by its tag', () => {
    expect(schema.properties.headerVersion!.title).toBe('Header version');
    expect(schema.properties.chat!.oneOf!.map((branch) => branch.title)).toEqual(['none', 'zendesk', 'tawkto']);
  });

  it('changes nothing the validator reads', () => {
    const strip = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(strip)
        : typeof value === 'object' && value !== null
          ? Object.fromEntries(
              Object.entries(value)
                .filter(([key]) => key !== 'title')
                .map(([key, inner]) => [key, strip(inner)]),
            )
          : value;
    expect(strip(schema)).toEqual(strip(orgConfigSchema));
  });
});

describe('consoleUiSchema', () => {
  const ui = consoleUiSchema(orgConfigSchema, ['orgId']) as Record<string, Record<string, Record<string, unknown>>>;

  it('picks colours for theme colours, text areas for templates and keeps read-only keys read-only', () => {
    expect(ui.theme!.colors!.primary).toEqual({ 'ui:widget': 'color' });
    expect(JSON.stringify(ui.booking)).toContain('"ui:widget":"textarea"');
    expect(ui.orgId).toEqual({ 'ui:readonly': true });
    expect(ui.name).toEqual({});
  });
});

describe('ORG_SECTIONS', () => {
  it('places every top-level key of the org config in exactly one section', () => {
    const keys = ORG_SECTIONS.flatMap((section) => section.keys as readonly string[]);
    expect([...keys].sort()).toEqual(Object.keys(orgConfigSchema.properties).sort());
  });

  it('gives each section the keys it edits, with what the whole requires of them', () => {
    const theme = sectionSchema(orgConfigSchema as unknown as Record<string, unknown>, ['theme']);
    expect(Object.keys(theme.properties as object)).toEqual(['theme']);
    expect(theme.required).toEqual(['theme']);
  });
});

describe('consoleSectionOf', () => {
  it('counts a problem in the section that shows its field, its layout, or the site for the whole config', () => {
    expect(consoleSectionOf('/org/locale/defaultLanguage')).toBe('site');
    expect(consoleSectionOf('/org/payments/providers/0')).toBe('payments');
    expect(consoleSectionOf('/layouts/home.default/blocks/2/type')).toBe('layout:home.default');
    expect(consoleSectionOf('/org')).toBe('site');
  });
});

describe('errorTreeOf', () => {
  it('puts each message under the field its pointer names, relative to the form', () => {
    const problems = [
      { pointer: '/org/theme/colors/primary', message: 'must match pattern' },
      { pointer: '/org/theme', message: "missing required property 'logo'" },
      { pointer: '/org/ads/items/0/title', message: 'too long' },
      { pointer: '/layouts/a~1b/blocks/0', message: 'elsewhere' },
    ];
    expect(errorTreeOf(problems, '/org')).toEqual({
      theme: { __errors: ["missing required property 'logo'"], colors: { primary: { __errors: ['must match pattern'] } } },
      ads: { items: { 0: { title: { __errors: ['too long'] } } } },
    });
    expect(errorTreeOf(problems, '/layouts/a~1b/blocks/0')).toEqual({ __errors: ['elsewhere'] });
    // A key of the config's own, even one named like an object's internals, is only that key.
    const proto = errorTreeOf([{ pointer: '/org/copy/__proto__', message: 'not a language' }], '/org');
    expect(Object.keys(proto.copy as object)).toEqual(['__proto__']);
    expect(({} as ErrorTree).__errors).toBeUndefined();
  });
});

describe('fieldTokensOf', () => {
  it('names the field itself, or the multiple choice a wrong pick belongs to', () => {
    const schema = consoleSchema(orgConfigSchema);
    expect(fieldTokensOf(schema, ['theme', 'colors', 'primary'])).toEqual(['theme', 'colors', 'primary']);
    expect(fieldTokensOf(schema, ['products', '0'])).toEqual(['products']);
    expect(fieldTokensOf(schema, ['chat', 'key'])).toEqual(['chat', 'key']);
  });
});
