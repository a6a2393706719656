import type { CreatedInvite, Invite } from '../../schemas/invites.ts';
import type { Api } from '../api/create-api.ts';
import { withCliApi } from './open-cli-api.ts';
import { runningServeOrigin } from '../server/serve-address.ts';

/** Where `lhb serve` listens by default; `--url` names the address experts really reach (the TLS proxy's). */
export const DEFAULT_INVITE_BASE_URL = 'http://127.0.0.1:4477/';

/** The link an expert opens: the app's address with the token in the fragment, which browsers never send to a server. */
export function inviteLink(baseUrl: string, token: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new Error(`--url ${JSON.stringify(baseUrl)} is not an address; give the one your experts open, e.g. https://arena.example.org/. Nothing was created.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`--url must be an http or https address, not ${url.protocol}. Nothing was created.`);
  url.hash = `token=${token}`;
  return url.toString();
}

/** What every `… invite` command takes beside what the link is for. */
export interface InviteCommandOptions {
  expires: number;
  url?: string;
  json?: boolean;
  workspace?: string;
}

/**
 * Makes one invite link with `create` and prints it once: on stdout, with what it reaches
 * (`reaches`, e.g. "the arena's Vote view") and how to revoke it on stderr.
 */
export async function runInviteCommand(options: InviteCommandOptions, create: (api: Api) => Promise<CreatedInvite>, reaches: string): Promise<void> {
  if (options.url) inviteLink(options.url, 'check'); // a bad --url is refused before anything is created
  await withCliApi(options.workspace, async (api) => {
    // The address `lhb serve` really listens on for this workspace, when it runs.
    const serving = options.url ? null : runningServeOrigin(api.context.workspace.dir);
    const base = options.url ?? (serving ? `${serving}/` : DEFAULT_INVITE_BASE_URL);
    const { invite, token } = await create(api);
    const link = inviteLink(base, token);
    if (options.json) {
      process.stdout.write(`${JSON.stringify({ invite, link }, null, 2)}\n`);
      return;
    }
    process.stdout.write(`${link}\n`);
    process.stderr.write(
      `Invite ${invite.id} for ${invite.annotatorName}, valid until ${invite.expiresAt}. This link is shown only now: send it to ${invite.annotatorName} privately. ` +
        `It opens ${reaches} and nothing else, ${options.url ? 'while "lhb serve" runs' : serving ? `while "lhb serve" runs at ${serving}/ (its address now; pass --url with the address experts reach, e.g. your TLS proxy's)` : `only once "lhb serve" runs: none runs for this workspace now, so the link assumes ${DEFAULT_INVITE_BASE_URL}; start it, or pass --url with the address experts reach (e.g. your TLS proxy's)`}. ` +
        `Revoke it with: lhb arena invites --revoke ${invite.id}\n`,
    );
  });
}

/**
 * `lhb arena invite --name NAME [--expires DAYS] [--url BASE] [--json]`: a new invite link for one
 * annotator (their profile is created when missing). The link is printed once and never again.
 */
export async function runArenaInvite(options: InviteCommandOptions & { name: string }): Promise<void> {
  await runInviteCommand(options, (api) => api.call('arena.invite', { name: options.name, expiresInDays: options.expires }), "the arena's Vote view");
}

/** `lhb arena invites [--revoke ID] [--json]`: every invite with its status; never a token. */
export async function runArenaInvites(options: { revoke?: string; json?: boolean; workspace?: string }): Promise<void> {
  await withCliApi(options.workspace, async (api) => {
    if (options.revoke) {
      const invite = await api.call('arena.revokeInvite', { inviteId: options.revoke });
      if (options.json) process.stdout.write(`${JSON.stringify(invite, null, 2)}\n`);
      else process.stdout.write(`Revoked ${invite.id} (${invite.annotatorName}): the link stops working at its next request. Their votes are kept.\n`);
      return;
    }
    const { invites } = await api.call('arena.invites', {});
    if (options.json) {
      process.stdout.write(`${JSON.stringify(invites, null, 2)}\n`);
      return;
    }
    if (invites.length === 0) {
      process.stdout.write('No invites yet. Create one with: lhb arena invite --name NAME\n');
      return;
    }
    for (const invite of invites) process.stdout.write(`${describeInvite(invite)}\n`);
  });
}

function describeInvite(invite: Invite): string {
  const when = invite.status === 'revoked' ? `revoked ${invite.revokedAt}` : invite.status === 'expired' ? `expired ${invite.expiresAt}` : `until ${invite.expiresAt}`;
  const reaches = invite.dataRoomId ? `  (their plan in data room ${invite.dataRoomId})` : '';
  return `${invite.id}  ${invite.annotatorName}  ${invite.status} (${when})  last used ${invite.lastUsedAt ?? 'never'}${reaches}`;
}
