import { lookup as dnsLookup } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** Addresses a webhook may not reach unless the operator allows private targets (SSRF). */
const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv6');

/** True for loopback, private, link-local, unique-local, multicast and unspecified addresses. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return PRIVATE.check(address, 'ipv4');
  if (family !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return PRIVATE.check(mapped[1]!, 'ipv4');
  return PRIVATE.check(address, 'ipv6');
}

export class RefusedTargetError extends Error {
  constructor(host: string, address: string) {
    super(`Refused target ${host} (${address}): loopback, private and link-local addresses are not allowed`);
    this.name = 'RefusedTargetError';
  }
}

/**
 * A DNS lookup for the HTTP client that refuses private addresses after resolution: the address checked is
 * the address connected to, so a name that resolves differently on a second lookup (DNS rebinding) gains
 * nothing.
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const list = addresses as unknown as Array<{ address: string; family: number }>;
    const refused = list.find((entry) => isPrivateAddress(entry.address));
    if (refused || list.length === 0) {
      return callback(new RefusedTargetError(hostname, refused?.address ?? 'no address'), '', 0);
    }
    if ((options as { all?: boolean }).all) return callback(null, list as never);
    return callback(null, list[0]!.address, list[0]!.family);
  });
};

/** An IP literal host is not looked up by the HTTP client, so it is checked here. */
export function checkLiteralHost(hostname: string): void {
  const bare = hostname.replace(/^\[|\]$/g, '');
  if (isIP(bare) && isPrivateAddress(bare)) throw new RefusedTargetError(hostname, bare);
}
