import { BlockList, isIP } from "node:net";

/**
 * Which addresses a page fetched for HTML to PDF may reach: public ones only. Loopback, private, shared, link-local
 * (cloud metadata services live there), multicast, documentation and reserved ranges are refused, in IPv4 and
 * IPv6, including IPv4 addresses written as IPv6 (mapped, NAT64).
 */

export interface EgressPolicy {
  allows(address: string, port: number): boolean;
}

/** The ports web pages are served on. */
const WEB_PORTS = new Set([80, 443]);

const NOT_PUBLIC_V4: Array<[string, number]> = [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
];
const NOT_PUBLIC_V6: Array<[string, number]> = [
  ["::", 128],
  ["::1", 128],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
];

const blocked = new BlockList();
for (const [net, prefix] of NOT_PUBLIC_V4) blocked.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of NOT_PUBLIC_V6) blocked.addSubnet(net, prefix, "ipv6");

/** The IPv4 address inside an IPv6 one that carries it (::ffff:a.b.c.d, 64:ff9b::a.b.c.d, ::a.b.c.d). */
function embeddedV4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::|::)(\d{1,3}(?:\.\d{1,3}){3})$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return undefined;
  const [hi, lo] = [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16)];
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join(".");
}

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !blocked.check(address, "ipv4");
  if (family !== 6) return false;
  const v4 = embeddedV4(address);
  if (v4 !== undefined) return isIP(v4) === 4 && !blocked.check(v4, "ipv4");
  return !blocked.check(address, "ipv6");
}

export const PUBLIC_WEB: EgressPolicy = {
  allows: (address, port) => WEB_PORTS.has(port) && isPublicAddress(address),
};
