-- A vote cast while its annotator already had a live vote on the same pair (arena.nextPair with
-- allowRepeats, open to invite links): 1. Analysis counts one vote per annotator and pair unless
-- asked to count all; the mark says which votes an export or a reader should treat the same way.
-- Set by the insert from the votes already there; existing rows are marked the same way below.
ALTER TABLE votes ADD COLUMN is_repeat INTEGER NOT NULL DEFAULT 0 CHECK (is_repeat IN (0, 1));

UPDATE votes SET is_repeat = 1
WHERE EXISTS (
  SELECT 1 FROM votes earlier
  WHERE earlier.annotator_id = votes.annotator_id AND earlier.run_a = votes.run_a AND earlier.run_b = votes.run_b
    AND earlier.retracted_at IS NULL
    AND (earlier.created_at < votes.created_at OR (earlier.created_at = votes.created_at AND earlier.rowid < votes.rowid))
);
