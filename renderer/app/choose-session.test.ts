import { describe, expect, it } from 'vitest';
import type { RpcClient } from '../../schemas/rpc.ts';
import { RpcCallError } from '../api/rpc-call-error.ts';
import { chooseSession } from './choose-session.ts';

const clientAnswering = (answer: () => unknown): RpcClient => ({
  call: (async (method: string) => {
    if (method !== 'session.whoami') throw new Error(`unexpected call ${method}`);
    return answer();
  }) as RpcClient['call'],
  putBlob: () => Promise.reject(new Error('no uploads')),
  onEvent: () => () => {},
});

describe('chooseSession', () => {
  it("shows the voter's view only when the server says the token is a voter's", async () => {
    const voter = { role: 'voter', annotatorId: 'a1', annotatorName: 'Ada', expiresAt: '2030-01-01T00:00:00.000Z' };
    expect(await chooseSession(clientAnswering(() => voter))).toEqual({ kind: 'voter', voter });
    expect(await chooseSession(clientAnswering(() => ({ role: 'owner' })))).toEqual({ kind: 'owner' });
  });

  it("shows an SME's plan page, never the full app, when the server says the token is an SME's link to one plan", async () => {
    const invite = { role: 'annotator', annotatorId: 'a2', annotatorName: 'Ben', dataRoomId: 'r1', dataRoomTitle: 'Course A', expiresAt: '2030-01-01T00:00:00.000Z' };
    expect(await chooseSession(clientAnswering(() => invite))).toEqual({ kind: 'annotator', invite });
  });

  it("says why a refused link does not open, and falls back to the full app's own error reporting otherwise", async () => {
    const refused = await chooseSession(
      clientAnswering(() => {
        throw new RpcCallError('unauthorized', 'This invite link was revoked by the study owner.');
      }),
    );
    expect(refused).toEqual({ kind: 'refused', message: 'This invite link was revoked by the study owner.' });
    const lost = await chooseSession(
      clientAnswering(() => {
        throw new RpcCallError('network', 'Lost the connection.');
      }),
    );
    expect(lost).toEqual({ kind: 'owner' });
  });
});
