-- How many of a job's items (files, folders) it could not do, kept with the job so a screen tells a
-- partial import from a whole one by a count, not by reading the job's message (issue 35). 0 for a
-- job without items, and for every job recorded before this column.
ALTER TABLE jobs ADD COLUMN failed INTEGER NOT NULL DEFAULT 0 CHECK (failed >= 0);
