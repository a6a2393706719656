import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { DEFAULT_INVITE_DAYS, MAX_INVITE_DAYS, type Invite } from '../../schemas/invites.ts';
import { couldNot, describeError } from '../api/describe-error.ts';
import { RpcCallError } from '../api/rpc-call-error.ts';
import { FieldProblem, markedBy } from '../ui/FieldProblem.tsx';
import { DataTable } from '../ui/DataTable.tsx';
import { dateTimeText } from '../ui/date-time-text.ts';
import { useArenaStore } from './arena-store.ts';
import { RevokeInviteDialog } from './RevokeInviteDialog.tsx';
import './invites.css';

const REFRESH_MS = 4000;

type InviteField = 'name' | 'days';

/** The form field a refusal of arena.invite belongs to, from the input field the server named; none is the form's. */
export function inviteFieldOf(field: string | undefined): InviteField | undefined {
  const head = field?.split('.')[0];
  return head === 'name' ? 'name' : head === 'expiresInDays' ? 'days' : undefined;
}

/** The link an expert opens: this app's address with the token in the fragment (never sent to a server). */
export const inviteLinkFor = (origin: string, token: string) => `${origin}/#token=${token}`;

/**
 * Invite links for remote experts: create one per annotator (its link is shown once, here), see
 * each one's status, last use and votes live, and revoke one (its next request is refused).
 */
export function StudyInvites() {
  const client = useArenaStore((s) => s.client);
  const study = useArenaStore((s) => s.study);
  const [invites, setInvites] = useState<Invite[] | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [fieldProblem, setFieldProblem] = useState<{ field: InviteField; message: string } | undefined>();
  const [name, setName] = useState('');
  const [days, setDays] = useState(String(DEFAULT_INVITE_DAYS));
  const [created, setCreated] = useState<{ inviteId: string; name: string; link: string } | undefined>();
  const [confirming, setConfirming] = useState<Invite | undefined>();
  const [copied, setCopied] = useState(false);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    if (!client) return;
    try {
      setInvites((await client.call('arena.invites', {})).invites);
    } catch (err) {
      setError(couldNot('list the invite links', err, 'They refresh by themselves in a few seconds.'));
    }
  }, [client]);

  useEffect(() => {
    void load();
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') void load();
    }, REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [load]);

  const create = async (event: FormEvent) => {
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
      const { invite, token } = await client.call('arena.invite', { name: trimmed, expiresInDays });
      setCreated({ inviteId: invite.id, name: invite.annotatorName, link: inviteLinkFor(window.location.origin, token) });
      setCopied(false);
      setName('');
      setError(undefined);
      await Promise.all([load(), useArenaStore.getState().loadStudy()]);
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
      useArenaStore.getState().announce(`Revoked ${invite.annotatorName}'s invite link; their votes are kept.`);
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

  const votesOf = (annotatorId: string) => study?.annotators.find((a) => a.id === annotatorId);

  return (
    <div className="study__block" role="region" aria-labelledby="invites-title">
      <h3 id="invites-title">Invite links</h3>
      <p className="muted">
        An invite link opens the Vote view for one annotator and nothing else: the server refuses its every other request. Send each expert their own link
        privately; it is shown once.
      </p>
      {error && (
        <p className="study__error" role="alert">
          {error}
        </p>
      )}
      <form className="invites__form" onSubmit={(e) => void create(e)}>
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
        <p className="arena__loading">Loading invite links…</p>
      ) : invites.length === 0 ? (
        <p className="muted">No invite links yet.</p>
      ) : (
        <DataTable<Invite>
          className="study__table"
          label="Invite links"
          columns={[
            { head: 'Annotator', cell: (invite) => invite.annotatorName },
            { head: 'Status', cell: (invite) => statusText(invite) },
            {
              head: 'Votes',
              cell: (invite) => {
                const progress = votesOf(invite.annotatorId);
                return progress ? `${progress.done}/${progress.total}` : '—';
              },
            },
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
      {confirming && <RevokeInviteDialog invite={confirming} onRevoke={() => void revoke(confirming)} onClose={() => setConfirming(undefined)} />}
    </div>
  );
}

function statusText(invite: Invite): string {
  if (invite.status === 'revoked') return `Revoked ${dateTimeText(invite.revokedAt ?? invite.expiresAt)}`;
  if (invite.status === 'expired') return `Expired ${dateTimeText(invite.expiresAt)}`;
  return `Active until ${dateTimeText(invite.expiresAt)}`;
}
