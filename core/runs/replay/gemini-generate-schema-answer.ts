/**
 * A harmless value matching a response schema, for Gemini CLI's side requests that ask for JSON
 * (next-speaker check, loop detection, the model router's classifier). Accepts both spellings the
 * Gemini API takes: JSON Schema (`responseJsonSchema`, lower-case types) and the API's own Schema
 * (`responseSchema`, `OBJECT`/`STRING`/… types).
 *
 * Harmless means the CLI carries on as if nothing happened: the first enum value (the next-speaker
 * check's first choice is "user", which ends the turn), zero for numbers (a loop detector's
 * confidence of 0), false, empty strings and arrays.
 */
export function answerForSchema(schema: unknown, depth = 0): unknown {
  if (depth > 20 || typeof schema !== 'object' || schema === null) return null;
  const node = schema as Record<string, unknown>;
  if (Array.isArray(node.enum) && node.enum.length > 0) return node.enum[0];
  if ('const' in node) return node.const;
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const options = node[key];
    if (Array.isArray(options) && options.length > 0) return answerForSchema(options[0], depth + 1);
  }
  const declared = Array.isArray(node.type) ? node.type.find((type) => String(type).toLowerCase() !== 'null') : node.type;
  const type = typeof declared === 'string' ? declared.toLowerCase() : node.properties ? 'object' : node.items ? 'array' : 'null';
  switch (type) {
    case 'object': {
      const properties = (node.properties ?? {}) as Record<string, unknown>;
      const value: Record<string, unknown> = {};
      // Every declared property, not only the required ones: a caller's own validation may be stricter than its schema.
      for (const [name, property] of Object.entries(properties)) value[name] = answerForSchema(property, depth + 1);
      return value;
    }
    case 'array': {
      const count = typeof node.minItems === 'number' ? node.minItems : Number(node.minItems ?? 0) || 0;
      return Array.from({ length: Math.min(count, 10) }, () => answerForSchema(node.items, depth + 1));
    }
    case 'string': {
      const length = Number(node.minLength ?? 0) || 0;
      return 'x'.repeat(Math.min(length, 1000));
    }
    case 'integer':
    case 'number': {
      const minimum = Number(node.minimum ?? Number.NaN);
      if (Number.isFinite(minimum)) return type === 'integer' ? Math.ceil(minimum) : minimum;
      const maximum = Number(node.maximum ?? Number.NaN);
      return Number.isFinite(maximum) && maximum < 0 ? maximum : 0;
    }
    case 'boolean':
      return false;
    default:
      return null;
  }
}
