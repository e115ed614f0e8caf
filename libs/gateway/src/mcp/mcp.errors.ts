import type { McpError } from '@modelcontextprotocol/sdk/types.js';
import { type MemboltError, type RestErrorBody, toRestError } from '@membolt/contracts';

/**
 * JSON-RPC 2.0's own codes (the SDK's ErrorCode.InvalidRequest and InternalError), written out: a refusal of a
 * request to /mcp is answered without loading the SDK, which loads at the first MCP request (decision 182).
 */
const JSON_RPC_INVALID_REQUEST = -32600;
const JSON_RPC_INTERNAL_ERROR = -32603;

/** The JSON-RPC error code of a refusal, by the HTTP status the REST facade would answer. */
function jsonRpcCode(status: number): number {
  if (status === 400) return JSON_RPC_INVALID_REQUEST;
  if (status >= 500) return JSON_RPC_INTERNAL_ERROR;
  // Refused for who is asking (401, 402, 403, 404, 429...): the server-defined range; `data.error` says why.
  return -32000;
}

/** A refusal as the REST facade says it (`{error, message}`). */
export function toMcpErrorBody(error: MemboltError): RestErrorBody {
  return toRestError(error).body;
}

/** A refusal of the whole HTTP request (bad key, rate limit): its status and a JSON-RPC error response. */
export function toJsonRpcErrorResponse(error: MemboltError): {
  status: number;
  body: { jsonrpc: '2.0'; id: null; error: { code: number; message: string; data: RestErrorBody } };
} {
  const { status } = toRestError(error);
  const data = toMcpErrorBody(error);
  return {
    status,
    body: { jsonrpc: '2.0', id: null, error: { code: jsonRpcCode(status), message: data.message, data } },
  };
}

/** A refusal inside a JSON-RPC request that has no error result of its own (a resource read). */
export async function toMcpError(error: MemboltError): Promise<McpError> {
  const { McpError } = await import('@modelcontextprotocol/sdk/types.js');
  const { status } = toRestError(error);
  const data = toMcpErrorBody(error);
  return new McpError(jsonRpcCode(status), data.message, data);
}
