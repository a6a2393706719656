-- Which normaliser made each source version's Markdown (core/sources/normaliser-version.ts).
-- A source keeps the text it was imported with; `lhb sources renormalise` makes a new version
-- only where the normaliser for its type has changed since. Versions made before this column
-- existed were made by version 1 of every normaliser.
ALTER TABLE source_versions ADD COLUMN normaliser_version INTEGER NOT NULL DEFAULT 1 CHECK (normaliser_version >= 1);
