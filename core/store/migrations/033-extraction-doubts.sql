-- What extraction found doubtful in a source version (issue 38): a JSON array of
-- {kind, line, page?, note} (schemas/sources.ts ExtractionDoubtSchema), made with its Markdown by
-- the same normaliser. '[]' for a version made before this column: nothing was recorded, and
-- `lhb sources renormalise` (a newer normaliser) records them.
ALTER TABLE source_versions ADD COLUMN doubts_json TEXT NOT NULL DEFAULT '[]';
