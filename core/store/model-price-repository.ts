import type { Database } from 'better-sqlite3';
import { prepared } from './statement-cache.ts';

/** A workspace's own price of one model (migration 028), US dollars per million tokens. */
export interface ModelPriceOverrideRow {
  model: string;
  input_per_million: number;
  output_per_million: number;
  cache_read_per_million: number;
  cache_write_per_million: number;
  set_at: string;
}

export function listModelPriceOverrides(db: Database): ModelPriceOverrideRow[] {
  return prepared(db, 'SELECT * FROM model_price_overrides ORDER BY model').all() as ModelPriceOverrideRow[];
}

/** Sets the model's price in this workspace, replacing the one it had. */
export function upsertModelPriceOverride(db: Database, row: ModelPriceOverrideRow): void {
  prepared(
    db,
    `INSERT INTO model_price_overrides (model, input_per_million, output_per_million, cache_read_per_million, cache_write_per_million, set_at)
     VALUES (@model, @input_per_million, @output_per_million, @cache_read_per_million, @cache_write_per_million, @set_at)
     ON CONFLICT (model) DO UPDATE SET input_per_million = excluded.input_per_million, output_per_million = excluded.output_per_million,
       cache_read_per_million = excluded.cache_read_per_million, cache_write_per_million = excluded.cache_write_per_million, set_at = excluded.set_at`,
  ).run(row);
}

/** Removes the workspace's own price of the model; true when it had one. */
export function deleteModelPriceOverride(db: Database, model: string): boolean {
  return prepared(db, 'DELETE FROM model_price_overrides WHERE model = ?').run(model).changes > 0;
}
