import type { Response } from 'supertest';

/* Helpers of the MCP tests that compare a tool's answer with the REST answer to the same input. */

export interface ToolError {
  code: string;
  message: string;
  status: number;
  retryable: boolean;
  request_id: string;
  details?: unknown;
}

/**
 * A refused tool call carries the REST error for the same input: the same code, message, status,
 * retryability and details. Only the request ID differs (each request has its own).
 */
export function expectSameError(mcp: ToolError, rest: Response, code: string = rest.body?.error?.code): void {
  expect({ status: rest.status, code: rest.body?.error?.code }).toEqual({ status: rest.body?.error?.status, code });
  const { request_id: restRequestId, ...restError } = rest.body.error as ToolError;
  const { request_id: mcpRequestId, ...mcpError } = mcp;
  expect(mcpError).toEqual(restError);
  expect(typeof mcpRequestId).toBe('string');
  expect(mcpRequestId.length).toBeGreaterThan(0);
  expect(typeof restRequestId).toBe('string');
}
