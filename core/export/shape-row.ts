import type { Field, FieldType } from './field-types.ts';

const RANGES = { int8: [-128, 127], int32: [-2147483648, 2147483647], int64: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER] } as const;

/**
 * The row as its subset declares it: exactly the declared fields, in the declared order (so JSON
 * lines are byte-stable), each value checked against its type. A value that does not fit (a
 * score outside int8, a missing non-null field) stops the export naming the field, rather than
 * being written as something else.
 */
export function shapeRow(fields: readonly Field[], row: Record<string, unknown>, where: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) out[field.name] = shapeValue(field, row[field.name], where);
  return out;
}

function shapeValue(field: Field, value: unknown, where: string): unknown {
  if (value === null || value === undefined) {
    if (field.nullable) return null;
    throw new Error(`${where}: the field ${field.name} is empty, and the format has no empty value for it. Nothing was exported.`);
  }
  const bad = (expected: string) => new Error(`${where}: the field ${field.name} holds ${JSON.stringify(value)?.slice(0, 80)}, not ${expected}. Nothing was exported.`);
  const type: FieldType = field.type;
  if (typeof type === 'string') {
    switch (type) {
      case 'string':
      case 'timestamp':
        if (typeof value !== 'string') throw bad(type === 'string' ? 'text' : 'a time');
        return value;
      case 'bool':
        if (typeof value !== 'boolean') throw bad('true or false');
        return value;
      case 'float64':
        if (typeof value !== 'number' || !Number.isFinite(value)) throw bad('a finite number');
        return value;
      default: {
        const [lo, hi] = RANGES[type];
        if (typeof value !== 'number' || !Number.isInteger(value) || value < lo || value > hi) throw bad(`an integer from ${lo} to ${hi} (${type})`);
        return value;
      }
    }
  }
  if ('list' in type) {
    if (!Array.isArray(value)) throw bad('a list');
    const item: Field = { name: `${field.name}[]`, type: type.list, description: '' };
    return value.map((element) => shapeValue(item, element, where));
  }
  if (typeof value !== 'object' || Array.isArray(value)) throw bad('a record');
  return shapeRow(type.struct, value as Record<string, unknown>, where);
}
