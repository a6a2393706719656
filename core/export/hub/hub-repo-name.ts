import { LhbError } from '../../../schemas/lhb-error.ts';
import { PUSH_FLAG_WORDS, type HubPushWords } from './hub-push-words.ts';

const REPO_NAME = /^[A-Za-z0-9][\w.-]*\/[\w.-]+$/;

/** Refuses a repository name the Hub would not take, before anything is exported or sent. */
export function checkHubRepoName(repo: string, words: HubPushWords = PUSH_FLAG_WORDS): void {
  if (!REPO_NAME.test(repo)) throw new LhbError('bad_request', `${words.repoGiven(repo)}: give the dataset repository as OWNER/NAME (your user name or an organisation, then the dataset's name).`, { field: words.repoField });
}
