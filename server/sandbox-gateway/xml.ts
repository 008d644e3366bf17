// Braintree answers in XML: dashed element names, `type` attributes for integers, booleans,
// arrays and collections, `nil="true"` for null. The SDK parses exactly this shape back.

export type XmlValue = string | number | boolean | null | XmlObject | XmlList;
export type XmlObject = { [key: string]: XmlValue | undefined };

/** A repeated element: `<ids type="array"><item>…</item></ids>`. */
export class XmlList {
  constructor(
    readonly itemName: string,
    readonly items: readonly XmlValue[],
    readonly type: 'array' | 'collection' = 'array',
  ) {}
}

/** Text for an XML or HTML element or a double-quoted attribute (the card frame's pages use it too). */
export function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** `threeDSecureInfo` → `three-d-secure-info`. Digits do not split (`last4`), so write `last-4` as is. */
export function dasherize(key: string): string {
  return key
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/_/g, '-')
    .toLowerCase();
}

function element(name: string, value: XmlValue): string {
  const tag = dasherize(name);
  if (value === null) return `<${tag} nil="true"/>`;
  if (typeof value === 'boolean') return `<${tag} type="boolean">${value}</${tag}>`;
  if (typeof value === 'number') return `<${tag} type="integer">${Math.trunc(value)}</${tag}>`;
  if (typeof value === 'string') return `<${tag}>${escape(value)}</${tag}>`;
  if (value instanceof XmlList) {
    return `<${tag} type="${value.type}">${value.items.map((item) => element(value.itemName, item)).join('')}</${tag}>`;
  }
  return `<${tag}>${children(value)}</${tag}>`;
}

function children(object: XmlObject): string {
  return Object.entries(object)
    .filter((entry): entry is [string, XmlValue] => entry[1] !== undefined)
    .map(([key, value]) => element(key, value))
    .join('');
}

export function toXml(root: string, value: XmlObject | XmlList): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${element(root, value)}`;
}
