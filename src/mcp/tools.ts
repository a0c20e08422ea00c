import { mcpTools, type McpToolDefinition } from '../generated/mcp-tools';
import { isOperationAllowed, type Principal } from '../domain/shared/principal';

export type { McpToolDefinition };

const byName = new Map(mcpTools.map((tool) => [tool.name, tool]));

export function findTool(name: string): McpToolDefinition | undefined {
  return byName.get(name);
}

/** The tools a principal may call: read-only keys see only reads; application-only operations have none. */
export function toolsFor(principal: Principal): McpToolDefinition[] {
  return mcpTools.filter((tool) => isOperationAllowed(principal, tool.operationId));
}
