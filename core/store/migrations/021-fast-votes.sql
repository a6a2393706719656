-- Fast votes: a vote cast sooner after its pair was shown than the floor in force (the workspace's
-- arena setting, 3 s by default) is flagged, never dropped. The floor each vote was judged by is
-- kept beside its time, so changing the setting later re-judges nothing; the flag follows from the
-- two and cannot disagree with them. Analysis counts flagged votes unless asked to leave them out.
-- NULL: no floor applies (the demo's generated votes, which no one cast).
ALTER TABLE votes ADD COLUMN fast_vote_floor_ms INTEGER CHECK (fast_vote_floor_ms IS NULL OR fast_vote_floor_ms >= 0);
ALTER TABLE votes ADD COLUMN is_fast INTEGER GENERATED ALWAYS AS (CASE WHEN fast_vote_floor_ms IS NOT NULL AND time_on_item_ms < fast_vote_floor_ms THEN 1 ELSE 0 END) VIRTUAL;

-- Votes cast before floors existed are judged by the default one.
UPDATE votes SET fast_vote_floor_ms = 3000 WHERE synthetic = 0;
