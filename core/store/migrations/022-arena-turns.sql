-- The turn of two multi-turn runs an arena pair shows (issue 25): NULL shows each run as it ended
-- (its last turn, as every pair did before turns could be asked for); N shows both runs' turn N,
-- from its out/ snapshot. The vote keeps the turn of the pair it was cast on.

ALTER TABLE arena_presentations ADD COLUMN turn INTEGER CHECK (turn IS NULL OR turn >= 1);
ALTER TABLE votes ADD COLUMN turn INTEGER CHECK (turn IS NULL OR turn >= 1);
