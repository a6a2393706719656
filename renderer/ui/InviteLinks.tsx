import { useCallback, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { DEFAULT_INVITE_DAYS, MAX_INVITE_DAYS, type CreatedInvite, type Invite } from '../../schemas/invites.ts';
import type { RpcClient } from '../../schemas/rpc.ts';
import { couldNot, describeError } from '../api/describe-error.ts';
import { RpcCallError } from '../api/rpc-call-error.ts';
import { DataTable, type DataColumn } from './DataTable.tsx';
import { dateTimeText } from './date-time-text.ts';
import { FieldProblem, markedBy } from './FieldProblem.tsx';
import { RevokeInviteDialog } from './RevokeInviteDialog.tsx';
import './invite-links.css';

const REFRESH_MS = 4000;

type InviteField = 'name' | 'days';

/** The form field a refusal of an invite's creation belongs to, from the input field the server named; none is the form's. */
export function inviteFieldOf(field: string | undefined): InviteField | undefined {
  const head = field?.split('.')[0];
  return head === 'name' ? 'name' : head === 'expiresInDays' ? 'days' : undefined;
}

/** The link an expert opens: this app's address with the token in the fragment (never sent to a server). */
export const inviteLinkFor = (origin: string, token: string) => `${origin}/#token=${token}`;

export interface InviteLinksProps {
  client: RpcClient | undefined;
  /** The block's heading, and the name of its region and table. */
  title: string;
  heading: 'h2' | 'h3';
  /** What a link opens, in the screen's words. */
  intro: ReactNode;
  /** Makes the link (the arena's voter link, an SME's plan link). */
  create: (client: RpcClient, name: string, expiresInDays: number) => Promise<CreatedInvite>;
  /** Which of the workspace's invites this block lists. */
  shows: (invite: Invite) => boolean;
  /** A column of what each invitee has done (votes, say), before "Last used". */
  workColumn?: DataColumn<Invite>;
  /** What of theirs a revoke keeps ("votes", "plan") and what a new link lets them do ("vote", "annotate"). */
  kept: string;
  again: string;
  announce: (text: string) => void;
  /** Called after a link is made, to refresh what the screen shows about its annotator. */
  onCreated?: () => Promise<void>;
}

/**
 * Invite links for remote experts: create one per annotator (its link is shown once, here), see
 * each one's status and last use live, and revoke one (its next request is refused). Shared by the
 * arena's voter links and the annotator's SME plan links.
 */
export function InviteLinks({ client, title, heading: Heading, intro, create, shows, workColumn, kept, again, announce, onCreated }: InviteLinksProps) {
  const [invites, setInvites] = useState<Invite[] | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [fieldProblem, setFieldProblem] = useState<{ field: InviteField; message: string } | undefined>();
  const [name, setName] = useState('');
  const [days, setDays] = useState(String(DEFAULT_INVITE_DAYS));
  const [created, setCreated] = useState<{ inviteId: string; name: string; link: string } | undefined>();
  const [confirming, setConfirming] = useState<Invite | undefined>();
  const [copied, setCopied] = useState(false);
  const [busy, setBusy] = useState(false);
  const titleId = `${title.replace(/\W+/g, '-').toLowerCase()}-title`;

  const load = useCallback(async () => {
    if (!client) return;
    try {
      setInvites((await client.call('arena.invites', {})).invites.filter(shows));
    } catch (err) {
      setError(couldNot('list the invite links', err, 'They refresh by themselves in a few seconds.'));
    }
  }, [client, shows]);

  useEffect(() => {
    void load();
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') void load();
    }, REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [load]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    const expiresInDays = Number(days);
    if (!client || !trimmed || busy) return;
    if (!Number.isInteger(expiresInDays) || expiresInDays < 1 || expiresInDays > MAX_INVITE_DAYS) {
      setError(`Could not create the invite: "Valid for" is a whole number of days from 1 to ${MAX_INVITE_DAYS}. Nothing was created.`);
      return;
    }
    setBusy(true);
    setFieldProblem(undefined);
    try {
      const { invite, token } = await create(client, trimmed, expiresInDays);
      setCreated({ inviteId: invite.id, name: invite.annotatorName, link: inviteLinkFor(window.location.origin, token) });
      setCopied(false);
      setName('');
      setError(undefined);
      announce(`Created an invite link for ${invite.annotatorName}; copy it now, it is shown only once.`);
      await Promise.all([load(), onCreated?.()]);
    } catch (err) {
      const field = inviteFieldOf(err instanceof RpcCallError ? err.field : undefined);
      if (field) {
        setFieldProblem({ field, message: describeError(err) });
        setError(`Could not create an invite for "${trimmed}": fix the field marked below and try again.`);
      } else setError(couldNot(`create an invite for "${trimmed}"`, err, 'Check the name and try again.'));
    } finally {
      setBusy(false);
    }
  };

  const revoke = async (invite: Invite) => {
    if (!client) return;
    try {
      await client.call('arena.revokeInvite', { inviteId: invite.id });
      if (created?.inviteId === invite.id) setCreated(undefined);
      announce(`Revoked ${invite.annotatorName}'s invite link; their ${kept} ${kept.endsWith('s') ? 'are' : 'is'} kept.`);
      await load();
    } catch (err) {
      setError(couldNot(`revoke ${invite.annotatorName}'s invite`, err, 'Try again; the link still works until it is revoked.'));
    }
  };

  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.link);
      setCopied(true);
      announce('Copied the invite link.');
    } catch {
      setError('Could not copy the link here (the browser refused the clipboard); select it in the box and copy it yourself.');
    }
  };

  // A link revoked or expired (here, from the CLI, or by time) is no link to hand out: no Copy button for it.
  const createdStatus = created && invites?.find((invite) => invite.id === created.inviteId)?.status;
  const shownCreated = created && (createdStatus === undefined || createdStatus === 'active') ? created : undefined;

  // A refusal the server placed on a field: the field is marked and names its message, shown beside it.
  const problemOf = (field: InviteField) => (fieldProblem?.field === field ? fieldProblem.message : undefined);
  const marked = (field: InviteField) => markedBy(`invite-${field}-problem`, problemOf(field));

  return (
    <div className="invites" role="region" aria-labelledby={titleId}>
      <Heading id={titleId}>{title}</Heading>
      <p className="muted">{intro}</p>
      {error && (
        <p className="invites__error" role="alert">
          {error}
        </p>
      )}
      <form className="invites__form" onSubmit={(e) => void submit(e)}>
        <label>
          Annotator name <input value={name} onChange={(e) => setName(e.target.value)} maxLength={100} required {...marked('name')} />
        </label>
        <FieldProblem id="invite-name-problem" message={problemOf('name')} />
        <label>
          Valid for (days) <input type="number" min={1} max={MAX_INVITE_DAYS} value={days} onChange={(e) => setDays(e.target.value)} required {...marked('days')} />
        </label>
        <FieldProblem id="invite-days-problem" message={problemOf('days')} />
        <button type="submit" disabled={busy || !name.trim()}>
          Create invite link
        </button>
      </form>
      {shownCreated && (
        <div className="invites__created" role="group" aria-label={`Invite link for ${shownCreated.name}`}>
          <p>
            <strong>Invite link for {shownCreated.name}</strong> — shown only now. Experts outside this machine need the address they can reach (your TLS proxy's): keep
            the <code>#token=…</code> ending.
          </p>
          <input readOnly value={shownCreated.link} aria-label={`Invite link for ${shownCreated.name}`} onFocus={(e) => e.currentTarget.select()} />
          <button type="button" onClick={() => void copy()}>
            {copied ? 'Copied' : 'Copy link'}
          </button>
          <button type="button" className="link-button" onClick={() => setCreated(undefined)}>
            Done
          </button>
        </div>
      )}
      {invites === undefined ? (
        <p className="muted">Loading invite links…</p>
      ) : invites.length === 0 ? (
        <p className="muted">No invite links yet.</p>
      ) : (
        <DataTable<Invite>
          className="invites__table"
          label={title}
          columns={[
            { head: 'Annotator', cell: (invite) => invite.annotatorName },
            { head: 'Status', cell: (invite) => statusText(invite) },
            ...(workColumn ? [workColumn] : []),
            { head: 'Last used', cell: (invite) => (invite.lastUsedAt ? dateTimeText(invite.lastUsedAt) : 'never') },
            {
              head: 'Actions',
              headHidden: true,
              cell: (invite) =>
                invite.status === 'active' && (
                  <button type="button" onClick={() => setConfirming(invite)} aria-label={`Revoke ${invite.annotatorName}'s invite link`}>
                    Revoke
                  </button>
                ),
            },
          ]}
          rows={invites}
          rowKey={(invite) => invite.id}
        />
      )}
      {confirming && <RevokeInviteDialog invite={confirming} kept={kept} again={again} onRevoke={() => void revoke(confirming)} onClose={() => setConfirming(undefined)} />}
    </div>
  );
}

function statusText(invite: Invite): string {
  if (invite.status === 'revoked') return `Revoked ${dateTimeText(invite.revokedAt ?? invite.expiresAt)}`;
  if (invite.status === 'expired') return `Expired ${dateTimeText(invite.expiresAt)}`;
  return `Active until ${dateTimeText(invite.expiresAt)}`;
}
