/**
 * How a push's caller names what it can change, so a refusal points at it in the caller's own
 * words: the command's flags, or the Export screen's fields. `*Field` is the input field an
 * error concerns, which a screen places it beside.
 */
export interface HubPushWords {
  /** Where the repository's OWNER/NAME is given (`--push OWNER/NAME`, `the Repository field`). */
  repo: string;
  /** How a repository name that is not OWNER/NAME is quoted (`--push alice`). */
  repoGiven(repo: string): string;
  repoField: string;
  revision: string;
  /** Where the Hub's address comes from (`--hub-url`, the server's setting). */
  hubUrl: string;
  /** What to do after fixing the cause: run the command again, press the button again. */
  again: string;
}

/** `lhb export hf --push`'s words: its flags. */
export const PUSH_FLAG_WORDS: HubPushWords = { repo: '--push OWNER/NAME', repoGiven: (repo) => `--push ${repo}`, repoField: 'push', revision: '--revision', hubUrl: '--hub-url', again: 'Run the same push again' };
