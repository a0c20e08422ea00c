import { operations, type OperationId } from '../../generated/contract';
import { AppError } from './errors';

export type ApiKeyMode = 'read_only' | 'read_write';

/**
 * Who is calling: an application session, or an API key of an account. A key's `lineId` is the
 * first key of its rotation line (the key itself unless it replaced another by rotation).
 */
export type Principal =
  | { readonly kind: 'session'; readonly accountId: string }
  | { readonly kind: 'api_key'; readonly accountId: string; readonly keyId: string; readonly lineId: string; readonly mode: ApiKeyMode };

/**
 * Someone without an account reading the Library website: they may call only the operations
 * that show published data (the contract's `x-mtl-visitors`), and only through the pages.
 */
export interface Visitor {
  readonly kind: 'visitor';
}

/** Whoever calls an operation: an account's principal, or a visitor. */
export type Caller = Principal | Visitor;

export const VISITOR: Visitor = { kind: 'visitor' };

/**
 * The access rule of every public operation, read from the contract: application-only
 * operations need a session; writes need a read-write key or a session; a visitor may only read
 * published data.
 */
export function assertOperationAllowed(principal: Caller, operationId: OperationId): void {
  if (principal.kind === 'visitor') {
    if (!operations[operationId].visitors) throw new AppError('unauthorized', 'Sign in, or send an API key, to do this.');
    return;
  }
  const access = operations[operationId].access;
  if (access === 'session' && principal.kind !== 'session') {
    throw new AppError('session_required', 'This operation is only available to the application (session token).');
  }
  if (access === 'write' && principal.kind === 'api_key' && principal.mode === 'read_only') {
    throw new AppError('insufficient_key_mode', 'This action needs a read-write API key.');
  }
}

/** Whether a principal may call an operation (used to list the operations a key can use). */
export function isOperationAllowed(principal: Principal, operationId: OperationId): boolean {
  try {
    assertOperationAllowed(principal, operationId);
    return true;
  } catch {
    return false;
  }
}
