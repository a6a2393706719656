/**
 * The column types of the export, one vocabulary for the three places that need them: the JSON
 * lines (values as written), the Parquet schema (DuckDB's types) and the dataset card's
 * `dataset_info.features` (the Hub's feature types).
 */
export type Primitive = 'string' | 'bool' | 'int8' | 'int32' | 'int64' | 'float64' | 'timestamp';

export type FieldType = Primitive | { list: FieldType } | { struct: readonly Field[] };

export interface Field {
  name: string;
  type: FieldType;
  /** May be null (absent in the store). Non-null fields are always set. */
  nullable?: true;
  /**
   * The dataset format version (dataset-format-version.ts) that added it; absent means format 1.
   * An import of an older format expects the field neither in the card's features nor in the
   * rows, and reads each row's value as absent.
   */
  since?: number;
  /**
   * The name it had in the formats before `until` (`course_id` until format 4 named it
   * `data_room_id`): an import of an older folder expects the old name and reads it as the new one.
   */
  formerly?: { name: string; until: number };
  /** What it holds, for the card's field tables and the format README. */
  description: string;
}

/** The field as a folder of `formatVersion` has it: under the name it had then, its struct fields too. */
export function fieldAsWritten(field: Field, formatVersion: number): Field {
  const typeAsWritten = (type: FieldType): FieldType =>
    typeof type === 'string' ? type : 'list' in type ? { list: typeAsWritten(type.list) } : { struct: type.struct.map((inner) => fieldAsWritten(inner, formatVersion)) };
  const name = field.formerly && formatVersion < field.formerly.until ? field.formerly.name : field.name;
  return { ...field, name, type: typeAsWritten(field.type) };
}

/**
 * The TypeScript type of a row of `Fields` (a field list declared `as const`), so the export's row
 * readers and the import's mergers are checked against the one field list: each field by name,
 * strings and timestamps (ISO-8601 text) as strings, integers and float64 as numbers, lists as
 * arrays, structs as objects, and null only where a field is nullable.
 * `Absent` names what an import of an older format may lack: `'since'` makes a field added after
 * format 1 optional (it reads as absent, see `since`); `never` (the export's rows) keeps every field.
 */
export type FieldsRow<Fields extends readonly Field[], Absent extends 'since' | never = never> = Flat<
  { [F in Fields[number] as F extends { since: number } ? ('since' extends Absent ? never : F['name']) : F['name']]: FieldValue<F, Absent> } & {
    [F in Fields[number] as F extends { since: number } ? ('since' extends Absent ? F['name'] : never) : never]?: FieldValue<F, Absent>;
  }
>;

type FieldValue<F extends Field, Absent extends 'since' | never> = TypeValue<F['type'], Absent> | (F extends { nullable: true } ? null : never);

type TypeValue<T extends FieldType, Absent extends 'since' | never> = T extends 'string' | 'timestamp'
  ? string
  : T extends 'bool'
    ? boolean
    : T extends Primitive
      ? number
      : T extends { list: infer Item extends FieldType }
        ? TypeValue<Item, Absent>[]
        : T extends { struct: infer Fields extends readonly Field[] }
          ? FieldsRow<Fields, Absent>
          : never;

/** An intersection of mapped types as one object type, so a row reads as its fields. */
type Flat<T> = { [K in keyof T]: T[K] } & {};

const DUCKDB_PRIMITIVES: Record<Primitive, string> = {
  string: 'VARCHAR',
  bool: 'BOOLEAN',
  int8: 'TINYINT',
  int32: 'INTEGER',
  int64: 'BIGINT',
  float64: 'DOUBLE',
  // Stored as UTC instants: Parquet TIMESTAMP(isAdjustedToUTC=true, MICROS), Arrow timestamp[us, tz=UTC].
  timestamp: 'TIMESTAMPTZ',
};

/** The Hub's dtype names (Arrow's), as `datasets` writes them in a card. */
const HUB_DTYPES: Record<Primitive, string> = {
  string: 'string',
  bool: 'bool',
  int8: 'int8',
  int32: 'int32',
  int64: 'int64',
  float64: 'float64',
  timestamp: 'timestamp[us, tz=UTC]',
};

export function duckdbType(type: FieldType): string {
  if (typeof type === 'string') return DUCKDB_PRIMITIVES[type];
  if ('list' in type) return `${duckdbType(type.list)}[]`;
  return `STRUCT(${type.struct.map((field) => `${quoteIdentifier(field.name)} ${duckdbType(field.type)}`).join(', ')})`;
}

export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * One feature in the card's YAML, as `datasets` serialises Features: `dtype` for a value, `list`
 * for a list (of a dtype, or of struct fields), `struct` for a struct.
 */
export type HubFeature = { name: string; dtype: string } | { name: string; list: string | HubFeature[] | HubNested } | { name: string; struct: HubFeature[] };
type HubNested = { list: string | HubFeature[] | HubNested } | { struct: HubFeature[] };

export function hubFeature(field: Field): HubFeature {
  const type = field.type;
  if (typeof type === 'string') return { name: field.name, dtype: HUB_DTYPES[type] };
  if ('list' in type) return { name: field.name, list: hubListItem(type.list) };
  return { name: field.name, struct: type.struct.map(hubFeature) };
}

function hubListItem(type: FieldType): string | HubFeature[] | HubNested {
  if (typeof type === 'string') return HUB_DTYPES[type];
  if ('list' in type) return { list: hubListItem(type.list) };
  return type.struct.map(hubFeature);
}

/** A short human name for a type, for the card's and README's field tables. */
export function describeType(type: FieldType): string {
  if (typeof type === 'string') return HUB_DTYPES[type];
  if ('list' in type) return `list of ${describeType(type.list)}`;
  return `struct {${type.struct.map((field) => `${field.name}: ${describeType(field.type)}`).join(', ')}}`;
}
