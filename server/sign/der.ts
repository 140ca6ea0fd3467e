import forge from "node-forge";

/**
 * Just enough DER to build and read CMS structures byte for byte. Signed attributes, certificates and time-stamp
 * tokens are hashed or signed as exact bytes, so they are copied as slices rather than parsed and re-encoded.
 */

export const TAG = {
  boolean: 0x01,
  integer: 0x02,
  bitString: 0x03,
  octetString: 0x04,
  null: 0x05,
  oid: 0x06,
  generalizedTime: 0x18,
  sequence: 0x30,
  set: 0x31,
} as const;

function lengthBytes(length: number): Buffer {
  if (length < 0x80) return Buffer.from([length]);
  const bytes: number[] = [];
  for (let n = length; n > 0; n = Math.floor(n / 256)) bytes.unshift(n & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

/** One element: tag, length, contents. */
export function tlv(tag: number, ...contents: Buffer[]): Buffer {
  const body = Buffer.concat(contents);
  return Buffer.concat([Buffer.from([tag]), lengthBytes(body.length), body]);
}

export const sequence = (...items: Buffer[]): Buffer => tlv(TAG.sequence, ...items);

/** A SET OF in DER order: its elements sorted by their encodings. */
export function setOf(...items: Buffer[]): Buffer {
  return tlv(TAG.set, ...[...items].sort(Buffer.compare));
}

/** An explicitly tagged [n] element, or the implicit [n] form of a constructed one (same bytes, new tag). */
export const contextTag = (n: number, ...contents: Buffer[]): Buffer => tlv(0xa0 | n, ...contents);

export const oid = (dotted: string): Buffer => tlv(TAG.oid, Buffer.from(forge.asn1.oidToDer(dotted).getBytes(), "binary"));
export const octetString = (bytes: Buffer): Buffer => tlv(TAG.octetString, bytes);
export const nullValue = (): Buffer => tlv(TAG.null);
export const booleanValue = (value: boolean): Buffer => tlv(TAG.boolean, Buffer.from([value ? 0xff : 0]));

/** A non-negative INTEGER from its big-endian magnitude (a zero byte is prefixed when the top bit is set). */
export function unsignedInteger(magnitude: Buffer): Buffer {
  let bytes = magnitude.length > 0 ? magnitude : Buffer.from([0]);
  while (bytes.length > 1 && bytes[0] === 0 && bytes[1]! < 0x80) bytes = bytes.subarray(1);
  return tlv(TAG.integer, bytes[0]! >= 0x80 ? Buffer.concat([Buffer.from([0]), bytes]) : bytes);
}

/** A version number or other INTEGER below 128. */
export const smallInteger = (n: number): Buffer => tlv(TAG.integer, Buffer.from([n]));

/** AlgorithmIdentifier with NULL parameters, as RSA and SHA-2 identifiers are written. */
export const algorithm = (dotted: string): Buffer => sequence(oid(dotted), nullValue());

/** A parsed element: where it sits in its buffer. `bytes` is the whole element, `content` its contents. */
export interface Element {
  tag: number;
  bytes: Buffer;
  content: Buffer;
}

export class DerError extends Error {}

/** Reads the element that starts at `offset`. */
export function readElement(buffer: Buffer, offset = 0): Element {
  if (offset + 2 > buffer.length) throw new DerError("truncated element");
  const tag = buffer[offset]!;
  if ((tag & 0x1f) === 0x1f) throw new DerError("multi-byte tags are not used here");
  let length = buffer[offset + 1]!;
  let header = 2;
  if (length & 0x80) {
    const count = length & 0x7f;
    if (count === 0 || count > 4) throw new DerError("indefinite or oversized length");
    if (offset + 2 + count > buffer.length) throw new DerError("truncated length");
    length = 0;
    for (let i = 0; i < count; i++) length = length * 256 + buffer[offset + 2 + i]!;
    header += count;
  }
  const end = offset + header + length;
  if (end > buffer.length) throw new DerError("element longer than its container");
  return { tag, bytes: buffer.subarray(offset, end), content: buffer.subarray(offset + header, end) };
}

/** The elements inside a constructed element, in order. */
export function childrenOf(element: Element): Element[] {
  const children: Element[] = [];
  for (let offset = 0; offset < element.content.length; ) {
    const child = readElement(element.content, offset);
    children.push(child);
    offset += child.bytes.length;
  }
  return children;
}

/** Reads a constructed element and returns its children, checking the tag. */
export function expectChildren(element: Element | undefined, tag: number): Element[] {
  if (!element || element.tag !== tag) throw new DerError(`expected tag 0x${tag.toString(16)}`);
  return childrenOf(element);
}
