import { parseArgs } from 'node:util';
import type { BusClient } from '@membolt/bus';
import {
  CommonError,
  CommonErrorCode,
  IdentitySubjects,
  KeysSubjects,
  PaymentSubjects,
  type PlanId,
  SubscriptionSubjects,
  UsageSubjects,
} from '@membolt/contracts';
import { MemoryErasureService } from '@membolt/gateway';

export const CLI_USAGE = `Usage: membolt <command> [options]
       membolt --help | -h | help

Commands:
  user:create --email <e-mail> --name <name> --password <password>
      Creates an account (like signing up) and an API key for it.
      Prints {"userId","apiKey"}.
  key:create --user <userId> [--name <name>] [--description <text>]
      Creates an API key for the user. Prints {"userId","keyId","apiKey"}.
  key:revoke --key <mblt_…>
  key:revoke --user <userId> --id <keyId>
      Revokes a key for good. Prints the revoked key (never its secret).
  key:cap --user <userId> --id <keyId> --cap <cents|none>
      Sets (or with "none" removes) the key's monthly spend cap in cents; over it the gateway answers 402.
  subscription:show --user <userId>
  subscription:plan --user <userId> --plan <free|basic|pro|enterprise|pay-per-use>
      Changes the plan through the payment provider (the simulation applies it at once).
  subscription:status --user <userId> --status <active|inactive>
  funds:add --user <userId> --cents <amount>
      Adds funds ($1 to $1,000) through the payment provider. Prints the subscription.
  mcp
      An MCP server on stdin/stdout (for Claude Desktop, Cursor, VS Code) with the memory tools of the
      account whose key is in MEMBOLT_API_KEY, served by the running server at MEMBOLT_URL
      (default http://localhost:3000) through its /mcp endpoint.
  end-user:delete --user <userId> --end-user <endUserId>
      Erases one end user of the account: memories, conversations, uploads and files (a privacy request).
      Prints the receipt with the counts per kind.

Environment: DATA_DIR (embedded stores, default ./data) or NATS_URL (talk to a running distributed install).
A server running on DATA_DIR (npm start) makes the change itself, so its next request sees it.`;

/** No arguments, `help`, `--help` or `-h` as the command, or `--help` after one: the usage, exit 0. */
export function isHelpRequest(argv: readonly string[]): boolean {
  const [command] = argv;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') return true;
  return argv.includes('--help');
}

type Output = Record<string, unknown>;

function required(values: Record<string, string | boolean | undefined>, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value.length === 0) {
    throw new CommonError(CommonErrorCode.ValidationError, `--${name} is required`);
  }
  return value;
}

function integerOption(name: string, value: string): number {
  if (!/^-?\d+$/.test(value))
    throw new CommonError(CommonErrorCode.ValidationError, `--${name} must be a whole number`);
  return Number(value);
}

/** Operator commands, run through the same bus subjects as the product (same validation and rules). */
export async function runCliCommand(bus: BusClient, argv: readonly string[]): Promise<Output> {
  const [command, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      password: { type: 'string' },
      user: { type: 'string' },
      key: { type: 'string' },
      id: { type: 'string' },
      description: { type: 'string' },
      cap: { type: 'string' },
      plan: { type: 'string' },
      status: { type: 'string' },
      cents: { type: 'string' },
      'end-user': { type: 'string' },
    },
    strict: true,
  });

  switch (command) {
    case 'user:create': {
      const session = await bus.request(IdentitySubjects.signUp, {
        email: required(values, 'email'),
        name: required(values, 'name'),
        password: required(values, 'password'),
      });
      const userId = session.user.id;
      const created = await bus.request(
        KeysSubjects.create,
        { name: 'CLI key', description: 'Created by membolt user:create' },
        { userId },
      );
      return { userId, apiKey: created.secret };
    }
    case 'key:create': {
      const userId = required(values, 'user');
      const description = values.description;
      const created = await bus.request(
        KeysSubjects.create,
        { name: values.name ?? 'CLI key', ...(description ? { description } : {}) },
        { userId },
      );
      return { userId, keyId: created.apiKey.id, apiKey: created.secret };
    }
    case 'key:revoke': {
      if (values.key) {
        const validation = await bus.request(KeysSubjects.validate, { key: values.key });
        if (!validation.valid) {
          throw new CommonError(
            CommonErrorCode.NotFound,
            validation.reason === 'revoked' ? 'This API key is already revoked.' : 'Unknown API key.',
          );
        }
        const revoked = await bus.request(
          KeysSubjects.revoke,
          { keyId: validation.keyId },
          { userId: validation.userId },
        );
        return { ...revoked };
      }
      const revoked = await bus.request(
        KeysSubjects.revoke,
        { keyId: required(values, 'id') },
        { userId: required(values, 'user') },
      );
      return { ...revoked };
    }
    case 'key:cap': {
      const cap = required(values, 'cap');
      // `none`: no cap sent, which removes it.
      const capCents = cap === 'none' ? {} : { capCents: integerOption('cap', cap) };
      return {
        ...(await bus.request(
          UsageSubjects.setKeyCap,
          { keyId: required(values, 'id'), ...capCents },
          { userId: required(values, 'user') },
        )),
      };
    }
    case 'subscription:show':
      return { ...(await bus.request(SubscriptionSubjects.get, {}, { userId: required(values, 'user') })) };
    case 'subscription:plan':
      // The operator's own subject: any plan, no payment (the user's changePlan refuses unpriced plans).
      return {
        ...(await bus.request(
          SubscriptionSubjects.setPlan,
          // Billing validates the plan id.
          { plan: required(values, 'plan') as PlanId },
          { userId: required(values, 'user') },
        )),
      };
    case 'subscription:status': {
      const status = required(values, 'status');
      return {
        ...(await bus.request(
          SubscriptionSubjects.setStatus,
          { status: status as 'active' | 'inactive' },
          { userId: required(values, 'user') },
        )),
      };
    }
    case 'funds:add': {
      const action = await bus.request(
        PaymentSubjects.addFunds,
        { amountCents: integerOption('cents', required(values, 'cents')) },
        { userId: required(values, 'user') },
      );
      return { ...action };
    }
    case 'end-user:delete': {
      const erasure = await new MemoryErasureService(bus).deleteEndUser(
        required(values, 'end-user'),
        required(values, 'user'),
      );
      return { ...erasure };
    }
    default:
      throw new CommonError(
        CommonErrorCode.ValidationError,
        command ? `Unknown command "${command}"\n\n${CLI_USAGE}` : CLI_USAGE,
      );
  }
}
