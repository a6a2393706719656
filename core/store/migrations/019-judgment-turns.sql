-- The turn of a multi-turn run a judgment is about (issue 25): judging a run judges its last turn
-- unless another is asked for (`lhb judge --turn N`), and the judgment says which it judged.
-- NULL for a run without turns and for every judgment made before turns were judged apart.

ALTER TABLE judgments ADD COLUMN turn INTEGER CHECK (turn IS NULL OR turn >= 1);
