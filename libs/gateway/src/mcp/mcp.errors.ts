import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { type MemboltError, type RestErrorBody, toRestError } from '@membolt/contracts';

/** The JSON-RPC error code of a refusal, by the HTTP status the REST facade would answer. */
function jsonRpcCode(status: number): number {
  if (status === 400) return ErrorCode.InvalidRequest;
  if (status >= 500) return ErrorCode.InternalError;
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
export function toMcpError(error: MemboltError): McpError {
  const { status } = toRestError(error);
  const data = toMcpErrorBody(error);
  return new McpError(jsonRpcCode(status), data.message, data);
}
