import { describe, expect, it } from 'vitest';
import { RPC_METHODS, type RpcParsedInput } from '../../schemas/rpc.ts';
import { createApiRegistry } from './create-api.ts';
import { HandlerRegistry } from './handler-registry.ts';
import { LhbError } from '../../schemas/lhb-error.ts';
import { rpcErrorOf } from './rpc-error-of.fixture.ts';

const JOB = {
  id: 'job-1',
  kind: 'test',
  title: 'Test job',
  state: 'running',
  done: 0,
  total: 0,
  message: 'Starting…',
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
} as const;

/** A registry with every method stubbed, so single methods can be exercised without a workspace. */
function stubRegistry(): HandlerRegistry<object> {
  return new HandlerRegistry<object>()
    .add('workspace.info', () => {
      throw new Error('not used');
    })
    .add('workspace.verify', () => ({ jobId: 'job-1' }))
    .add('jobs.list', () => ({ jobs: [] }))
    .add('jobs.cancel', ({ jobId }) => ({ job: { ...JOB, id: jobId } }));
}


describe('HandlerRegistry', () => {
  it('throws naming the method when a method is registered twice', () => {
    const registry = new HandlerRegistry<object>().add('jobs.list', () => ({ jobs: [] }));
    expect(() => registry.add('jobs.list', () => ({ jobs: [] }))).toThrow(/jobs\.list/);
  });

  it('complete() throws listing every method left without a handler', () => {
    const registry = new HandlerRegistry<object>().add('jobs.list', () => ({ jobs: [] })).add('workspace.verify', () => ({ jobId: 'x' }));
    let message = '';
    try {
      registry.complete();
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('workspace.info');
    expect(message).toContain('jobs.cancel');
    expect(message).not.toContain('jobs.list');
    expect(message).not.toContain('workspace.verify');
  });

  it('complete() passes once every method has a handler', () => {
    const registry = new HandlerRegistry<object>();
    for (const method of RPC_METHODS) registry.add(method, () => ({}) as never);
    expect(() => registry.complete()).not.toThrow();
  });

  it("dispatching an unknown method throws LhbError 'not_found' naming it", async () => {
    const error = await rpcErrorOf(stubRegistry().dispatch('jobs.deleteAll', {}, {}));
    expect(error.code).toBe('not_found');
    expect(error.message).toContain('jobs.deleteAll');
  });

  it("does not treat Object.prototype names as methods", async () => {
    const error = await rpcErrorOf(stubRegistry().dispatch('toString', {}, {}));
    expect(error.code).toBe('not_found');
  });

  it("dispatching a contract method without a handler throws 'not_found'", async () => {
    const registry = new HandlerRegistry<object>().add('jobs.list', () => ({ jobs: [] }));
    const error = await rpcErrorOf(registry.dispatch('jobs.cancel', { jobId: 'x' }, {}));
    expect(error.code).toBe('not_found');
  });

  it("invalid input throws LhbError 'bad_request' naming the field, before the handler runs", async () => {
    let ran = false;
    const registry = new HandlerRegistry<object>().add('jobs.cancel', () => {
      ran = true;
      return { job: JOB };
    });
    const error = await rpcErrorOf(registry.dispatch('jobs.cancel', { jobId: 42 }, {}));
    expect(error.code).toBe('bad_request');
    expect(error.message).toContain('jobId');
    expect(error.field).toBe('jobId');
    expect(ran).toBe(false);
  });

  it("an unknown extra key on a strict input is 'bad_request' naming the key", async () => {
    const error = await rpcErrorOf(stubRegistry().dispatch('jobs.list', { limit: 5, extra: 1 }, {}));
    expect(error.code).toBe('bad_request');
    expect(error.message).toContain('extra');
  });

  it("out-of-range input is 'bad_request' naming the field", async () => {
    const error = await rpcErrorOf(stubRegistry().dispatch('jobs.list', { limit: 10_000 }, {}));
    expect(error.code).toBe('bad_request');
    expect(error.message).toContain('limit');
    expect(error.field).toBe('limit');
  });

  it("a handler result outside the output schema throws 'internal'", async () => {
    const registry = new HandlerRegistry<object>().add('workspace.verify', () => ({ jobId: 7 }) as never);
    const error = await rpcErrorOf(registry.dispatch('workspace.verify', {}, {}));
    expect(error.code).toBe('internal');
    expect(error.message).toContain('workspace.verify');
    expect(error.message).toContain('jobId');
  });

  it('applies the input schema defaults before the handler runs', async () => {
    const seen: RpcParsedInput<'jobs.list'>[] = [];
    const registry = new HandlerRegistry<object>().add('jobs.list', (input) => {
      seen.push(input);
      return { jobs: [] };
    });
    await registry.dispatch('jobs.list', {}, {});
    await registry.dispatch('jobs.list', undefined, {});
    await registry.dispatch('jobs.list', { limit: 7 }, {});
    expect(seen.map((input) => input.limit)).toEqual([50, 50, 7]);
  });

  it('passes the context to the handler and returns its checked output', async () => {
    const ctx = { who: 'ctx' };
    let seenCtx: unknown;
    const registry = new HandlerRegistry<typeof ctx>().add('jobs.cancel', ({ jobId }, c) => {
      seenCtx = c;
      return { job: { ...JOB, id: jobId } };
    });
    await expect(registry.dispatch('jobs.cancel', { jobId: 'abc' }, ctx)).resolves.toEqual({ job: { ...JOB, id: 'abc' } });
    expect(seenCtx).toBe(ctx);
  });

  it('passes handler errors through unchanged', async () => {
    const registry = new HandlerRegistry<object>().add('jobs.cancel', () => {
      throw new LhbError('conflict', 'busy');
    });
    const error = await rpcErrorOf(registry.dispatch('jobs.cancel', { jobId: 'abc' }, {}));
    expect(error.code).toBe('conflict');
  });
});

describe('createApiRegistry', () => {
  it('builds without throwing (its complete() finds no method missing)', () => {
    expect(() => createApiRegistry()).not.toThrow();
  });

  it('has a handler for every method in RPC_METHODS', () => {
    expect(RPC_METHODS.length).toBeGreaterThan(0);
    for (const method of RPC_METHODS) {
      // Adding a method a second time throws only if it is already registered.
      expect(() => createApiRegistry().add(method, () => ({}) as never), method).toThrow(/registered twice/);
    }
  });
});
