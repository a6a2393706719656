import { z } from 'zod';

/**
 * Error codes shared by both transports. HTTP maps each to a status; IPC carries the code
 * itself. A code is part of the contract: the renderer branches on it.
 */
export const RpcErrorCodeSchema = z.enum([
  'bad_request',
  'unauthorized',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'payload_too_large',
  'conflict',
  'internal',
  /** Another writer held the workspace past the busy wait: nothing was saved; the same call may be sent again. */
  'busy',
]);
export type RpcErrorCode = z.infer<typeof RpcErrorCodeSchema>;

export const RpcErrorBodySchema = z.object({
  error: z.object({
    code: RpcErrorCodeSchema,
    message: z.string(),
    /** The path of the input field the error concerns (`"skill.dir"`), when it concerns one; screens place the message beside it. */
    field: z.string().optional(),
  }),
});
export type RpcErrorBody = z.infer<typeof RpcErrorBodySchema>;

export const HTTP_STATUS_FOR_CODE: Record<RpcErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  payload_too_large: 413,
  conflict: 409,
  internal: 500,
  busy: 503,
};

/** What the Electron IPC handler resolves with: IPC rejections lose everything but a message. */
export const IpcResultSchema = z.union([
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({ ok: z.literal(false), error: RpcErrorBodySchema.shape.error }),
]);
export type IpcResult = z.infer<typeof IpcResultSchema>;
