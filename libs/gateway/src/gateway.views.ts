import type { MemoryGraphView } from '@membolt/contracts';
import type {
  GatewayHealthResponse,
  RegisteredUserResponse,
  UserDatabaseResponse,
} from './accounts/account.dto.js';

/** The only place bus views become the gateway's snake_case REST bodies. */
export function toGatewayHealthResponse(userId: string): GatewayHealthResponse {
  return { status: 'ok', user_id: userId };
}

export function toUserDatabaseResponse(userId: string, graph: MemoryGraphView): UserDatabaseResponse {
  return { user_id: userId, graph_id: graph.id, status: graph.status, created_at: graph.createdAt };
}

export function toRegisteredUserResponse(userId: string): RegisteredUserResponse {
  return { registered: true, user_id: userId };
}
