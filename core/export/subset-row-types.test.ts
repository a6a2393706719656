import { describe, expectTypeOf, it } from 'vitest';
import type { FieldsRow } from './field-types.ts';
import type { ImportedRow, SubsetRow } from './subset-fields.ts';

/** A field list as subset-fields.ts declares one (`as const`), written as its type. */
type Example = readonly [
  { name: 'id'; type: 'string'; description: '' },
  { name: 'at'; type: 'timestamp'; description: '' },
  { name: 'n'; type: 'int32'; nullable: true; description: '' },
  { name: 'ok'; type: 'bool'; description: '' },
  { name: 'tags'; type: { list: 'string' }; description: '' },
  { name: 'parts'; type: { list: { struct: readonly [{ name: 'weight'; type: 'float64'; description: '' }] } }; description: '' },
  { name: 'added'; type: 'string'; nullable: true; since: 3; description: '' },
];

// Checked by tsc (the typecheck), not at run time: the row types follow the field list.
describe('row types derived from the field list', () => {
  it('map each field type, null only where nullable, nested lists and structs included', () => {
    expectTypeOf<FieldsRow<Example>>().toEqualTypeOf<{ id: string; at: string; n: number | null; ok: boolean; tags: string[]; parts: { weight: number }[]; added: string | null }>();
    // An import reads folders of older formats too, where a field added later is absent.
    expectTypeOf<FieldsRow<Example, 'since'>>().toEqualTypeOf<{ id: string; at: string; n: number | null; ok: boolean; tags: string[]; parts: { weight: number }[]; added?: string | null }>();
  });

  it('give the subsets their fields: the export writes every one, the import may miss those added after format 1', () => {
    expectTypeOf<SubsetRow<'runs'>['harness_version']>().toEqualTypeOf<string | null>();
    expectTypeOf<ImportedRow<'runs'>>().toHaveProperty('harness_version').toEqualTypeOf<string | null | undefined>();
    expectTypeOf<ImportedRow<'rubrics'>['rubrics'][number]['anchors'][number]>().toEqualTypeOf<{ level: string; text: string }>();
    expectTypeOf<ImportedRow<'preferences'>['config_a']['versions']>().toEqualTypeOf<{ name: string; version: string }[]>();
    expectTypeOf<SubsetRow<'judgments'>['score']>().toEqualTypeOf<number | null>();
  });
});
