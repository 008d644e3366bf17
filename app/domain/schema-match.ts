// Whether a value has the shape a JSON Schema describes, for the console's generated forms to tell
// which branch of a `oneOf` or `anyOf` a value is (decision 0064). It judges nothing else: the one
// validator (Ajv, on the server) says what is wrong and where. Kept small on purpose, so that the
// browser never carries a second validator: types, `const`, `enum`, `pattern`, lengths and
// bounds, required and unknown properties, items, and the branches themselves.

type Schema = Record<string, unknown>;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function hasType(type: unknown, value: unknown): boolean {
  if (type === undefined) return true;
  if (Array.isArray(type)) return type.some((t) => hasType(t, value));
  switch (type) {
    case 'object':
      return isObject(value);
    case 'array':
      return Array.isArray(value);
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'null':
      return value === null;
    default:
      return typeof value === type;
  }
}

function withinBounds(schema: Schema, value: unknown): boolean {
  if (typeof value === 'string') {
    if (typeof schema.minLength === 'number' && value.length < schema.minLength) return false;
    if (typeof schema.maxLength === 'number' && value.length > schema.maxLength) return false;
    if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(value)) return false;
  }
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum) return false;
    if (typeof schema.maximum === 'number' && value > schema.maximum) return false;
    if (typeof schema.exclusiveMinimum === 'number' && value <= schema.exclusiveMinimum) return false;
  }
  return true;
}

export function matchesSchema(schema: unknown, value: unknown): boolean {
  if (schema === true || schema === undefined) return true;
  if (!isObject(schema)) return false;
  if (!hasType(schema.type, value) || !withinBounds(schema, value)) return false;
  if ('const' in schema && JSON.stringify(schema.const) !== JSON.stringify(value)) return false;
  if (Array.isArray(schema.enum) && !schema.enum.some((option) => JSON.stringify(option) === JSON.stringify(value))) return false;
  if (Array.isArray(schema.oneOf) && schema.oneOf.filter((branch) => matchesSchema(branch, value)).length !== 1) return false;
  if (Array.isArray(schema.anyOf) && !schema.anyOf.some((branch) => matchesSchema(branch, value))) return false;
  if (Array.isArray(value) && isObject(schema.items) && !value.every((item) => matchesSchema(schema.items, item))) return false;
  if (isObject(value)) {
    const properties = isObject(schema.properties) ? schema.properties : {};
    if (Array.isArray(schema.required) && !schema.required.every((key) => typeof key === 'string' && key in value)) return false;
    for (const [key, inner] of Object.entries(value)) {
      if (Object.hasOwn(properties, key)) {
        if (!matchesSchema(properties[key], inner)) return false;
      } else if (schema.additionalProperties === false || (isObject(schema.additionalProperties) && !matchesSchema(schema.additionalProperties, inner))) return false;
    }
  }
  return true;
}
