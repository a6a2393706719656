import { z } from 'zod';
import type { Field, FieldType } from '../export/field-types.ts';

const INT_RANGES = { int8: 2 ** 7, int32: 2 ** 31, int64: 2 ** 63 } as const;

/** A timestamp as the export writes it (JSON lines: ISO text; Parquet: an instant), as ISO-8601 UTC text. */
const Timestamp = z.union([z.string(), z.date()]).transform((value, context) => {
  const time = value instanceof Date ? value.getTime() : Date.parse(value);
  if (Number.isNaN(time)) {
    context.addIssue({ code: 'custom', message: `"${String(value)}" is not a timestamp` });
    return z.NEVER;
  }
  return new Date(time).toISOString();
});

function integer(kind: keyof typeof INT_RANGES): z.ZodType<number> {
  const limit = INT_RANGES[kind];
  // Parquet INT64 arrives as a bigint; a value past 2^53 would lose digits as a number.
  return z
    .union([z.number(), z.bigint()])
    .transform((value, context) => {
      const number = typeof value === 'bigint' ? Number(value) : value;
      if (!Number.isSafeInteger(number) || number < -limit || number >= limit) {
        context.addIssue({ code: 'custom', message: `${String(value)} is not an ${kind}` });
        return z.NEVER;
      }
      return number;
    });
}

function typeSchema(type: FieldType): z.ZodType {
  if (typeof type === 'string') {
    switch (type) {
      case 'string':
        return z.string();
      case 'bool':
        return z.boolean();
      case 'int8':
      case 'int32':
      case 'int64':
        return integer(type);
      case 'float64':
        return z.number();
      case 'timestamp':
        return Timestamp;
    }
  }
  if ('list' in type) return z.array(typeSchema(type.list));
  return structSchema(type.struct);
}

function structSchema(fields: readonly Field[]): z.ZodType {
  const shape: Record<string, z.ZodType> = {};
  for (const field of fields) {
    const schema = field.nullable ? typeSchema(field.type).nullable() : typeSchema(field.type);
    shape[field.name] = schema;
  }
  return z.object(shape).strict();
}

/**
 * The zod schema of one subset's row, built from the same field list the export writes with
 * (core/export/subset-fields.ts), as of the folder's format version: every column present, of its type, null only where nullable, no other columns. Values come out as JSON lines would hold them (timestamps as ISO text).
 */
export function rowSchema(fields: readonly Field[]): z.ZodType<Record<string, unknown>> {
  return structSchema(fields) as z.ZodType<Record<string, unknown>>;
}

/** A zod failure as `field a.b[2].c: message`, the first few. */
export function describeRowIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => {
      const path = issue.path.map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`)).join('').replace(/^\./, '');
      const message = issue.code === 'unrecognized_keys' ? `unexpected field${issue.keys.length === 1 ? '' : 's'} ${issue.keys.join(', ')}` : issue.message;
      return `${path ? `field ${path}` : 'the row'}: ${message}`;
    })
    .join('; ');
}
