-- A workspace's own model prices (`lhb prices set`, prices.set): each replaces the shipped price
-- of its model (datasets/prices/model-prices.json), or prices a model the shipped table lacks, for
-- every cost this workspace shows. US dollars per million tokens; removing a row brings the
-- shipped price back.
CREATE TABLE model_price_overrides (
  model                   TEXT PRIMARY KEY CHECK (length(model) > 0),
  input_per_million       REAL NOT NULL CHECK (input_per_million >= 0),
  output_per_million      REAL NOT NULL CHECK (output_per_million >= 0),
  cache_read_per_million  REAL NOT NULL CHECK (cache_read_per_million >= 0),
  cache_write_per_million REAL NOT NULL CHECK (cache_write_per_million >= 0),
  set_at                  TEXT NOT NULL
) STRICT;
