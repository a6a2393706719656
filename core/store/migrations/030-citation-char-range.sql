-- Where in its lines a citation's quote is (issue 38): start_char counts plain-text characters
-- (the text as the viewer shows it, Markdown syntax left out; a table row's cells joined by a tab)
-- into start_line, end_char into end_line (exclusive). Both null for a citation made before this
-- column, or made of whole lines without a selection: those stay valid and quote their lines.
ALTER TABLE citations ADD COLUMN start_char INTEGER CHECK (start_char IS NULL OR start_char >= 0);
ALTER TABLE citations ADD COLUMN end_char INTEGER CHECK (end_char IS NULL OR end_char >= 0);
