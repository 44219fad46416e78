import { createHmac } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';

/**
 * The client a throttle counts, from Netlify's `context.ip`: an IPv4 address as it is, an IPv6
 * address by its /64. One subscriber line gets a whole /64 (RFC 6177; privacy addresses rotate
 * inside it), so counting single IPv6 addresses would give one client 2^64 fresh starts. An
 * IPv4-mapped IPv6 address (`::ffff:192.0.2.1`, as a dual-stack socket reports IPv4) is its IPv4
 * address. Anything else (no address at all, in a test without one) is its own text.
 */
export function clientGroup(address: string): string {
  const bare = address.trim().replace(/%.*$/, '');
  if (isIPv4(bare)) return bare;
  if (!isIPv6(bare)) return bare;
  const groups = expandIPv6(bare);
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6]!, groups[7]!].flatMap((group) => [group >> 8, group & 0xff]).join('.');
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail read). */
function expandIPv6(address: string): number[] {
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  const text = dotted
    ? `${address.slice(0, dotted.index)}${((+dotted[1]! << 8) | +dotted[2]!).toString(16)}:${((+dotted[3]! << 8) | +dotted[4]!).toString(16)}`
    : address;
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const parse = (part: string | undefined) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const [front, back] = [parse(head), parse(tail)];
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/**
 * A client group as a throttle or a sign-in's challenge keeps it: a keyed hash (HMAC-SHA256 with
 * `secret`) of `purpose` and the group, never the address.
 */
export const keyedClientGroup = (secret: string | Buffer, purpose: string, address: string): string =>
  keyed(secret, `${purpose}:${clientGroup(address)}`);

/** A keyed hash of `text`: what a throttle counts under, never what was typed or where from. */
export const keyed = (secret: string | Buffer, text: string): string =>
  createHmac('sha256', secret).update(text).digest('hex');
