import { z } from 'zod';
import { fieldAsWritten, type Field, type FieldType } from '../export/field-types.ts';

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

function typeSchema(type: FieldType, formatVersion: number): z.ZodType {
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
  if ('list' in type) return z.array(typeSchema(type.list, formatVersion));
  return structSchema(type.struct, formatVersion);
}

/** Checks each field under the name the folder's format gave it, and hands it on under today's name. */
function structSchema(fields: readonly Field[], formatVersion: number): z.ZodType {
  const shape: Record<string, z.ZodType> = {};
  const renamed: [written: string, current: string][] = [];
  for (const field of fields) {
    const schema = field.nullable ? typeSchema(field.type, formatVersion).nullable() : typeSchema(field.type, formatVersion);
    const written = fieldAsWritten(field, formatVersion).name;
    shape[written] = schema;
    if (written !== field.name) renamed.push([written, field.name]);
  }
  const struct = z.object(shape).strict();
  if (renamed.length === 0) return struct;
  return struct.transform((row) => {
    const current: Record<string, unknown> = { ...row };
    for (const [written, name] of renamed) {
      current[name] = current[written];
      delete current[written];
    }
    return current;
  });
}

/**
 * The zod schema of one subset's row, built from the same field list the export writes with
 * (core/export/subset-fields.ts), as of the folder's format version: every column present, of its type, null only where nullable, no other columns. Values come out as JSON lines would hold them (timestamps as ISO text),
 * under today's field names (a field renamed since is read under its old name, `formerly`).
 */
export function rowSchema(fields: readonly Field[], formatVersion: number): z.ZodType<Record<string, unknown>> {
  return structSchema(fields, formatVersion) as z.ZodType<Record<string, unknown>>;
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
