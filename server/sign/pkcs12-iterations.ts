/**
 * The key derivation iteration counts a PKCS#12 file states, read from its DER (BER's indefinite lengths too)
 * without deriving anything: the MAC's (MacData), PKCS#12 and PBES1 PBE parameters' and PBES2's PBKDF2 (and
 * scrypt) parameters'. Each of these structures holds the salt as an OCTET STRING immediately followed by the
 * count as an INTEGER, so every such pair in every constructed element is taken as a count; OCTET STRINGs that
 * hold DER themselves (the authenticated safe, its safe contents) are walked too. Counts hidden inside encrypted
 * bags cannot be read before decryption: the worker's deadline bounds those.
 *
 * The walk is bounded in nodes and depth, so a hostile file costs at most a few hundred thousand steps.
 */

const TAG_INTEGER = 0x02;
const TAG_OCTET_STRING = 0x04;
const CONSTRUCTED = 0x20;
const MAX_NODES = 200_000;
const MAX_DEPTH = 40;

/** A count too large to represent, or negative: more than any cap. */
const UNBOUNDED = Number.POSITIVE_INFINITY;

class Malformed extends Error {}

interface Element {
  tag: number;
  /** Primitive contents, or the concatenated contents of a constructed OCTET STRING's pieces. */
  contents?: Buffer;
  end: number;
}

interface Walk {
  nodes: number;
  counts: number[];
}

/** Every iteration count the file states; undefined where the bytes are not DER at all. */
export function pkcs12IterationCounts(der: Buffer): number[] | undefined {
  const walk: Walk = { nodes: 0, counts: [] };
  try {
    readElement(der, 0, der.length, 0, walk);
  } catch (err) {
    if (err instanceof Malformed) return undefined;
    throw err;
  }
  return walk.counts;
}

function readLength(buf: Buffer, offset: number, limit: number): { length: number | undefined; next: number } {
  if (offset >= limit) throw new Malformed();
  const first = buf[offset]!;
  if (first < 0x80) return { length: first, next: offset + 1 };
  if (first === 0x80) return { length: undefined, next: offset + 1 };
  const bytes = first & 0x7f;
  if (bytes > 4 || offset + 1 + bytes > limit) throw new Malformed();
  let length = 0;
  for (let i = 0; i < bytes; i++) length = length * 256 + buf[offset + 1 + i]!;
  return { length, next: offset + 1 + bytes };
}

function readElement(buf: Buffer, offset: number, limit: number, depth: number, walk: Walk): Element {
  if (++walk.nodes > MAX_NODES || depth > MAX_DEPTH) throw new Malformed();
  if (offset + 2 > limit) throw new Malformed();
  const tag = buf[offset]!;
  // High tag numbers (0x1f) do not occur in PKCS#12.
  if ((tag & 0x1f) === 0x1f) throw new Malformed();
  const { length, next } = readLength(buf, offset + 1, limit);
  if (length !== undefined && next + length > limit) throw new Malformed();
  if ((tag & CONSTRUCTED) === 0) {
    if (length === undefined) throw new Malformed();
    const contents = buf.subarray(next, next + length);
    if (tag === TAG_OCTET_STRING) walkEncapsulated(contents, depth, walk);
    return { tag, contents, end: next + length };
  }
  // Constructed: the children, up to the end of the contents or, for an indefinite length, the end-of-contents.
  const children: Element[] = [];
  let at = next;
  const childLimit = length === undefined ? limit : next + length;
  for (;;) {
    if (length === undefined) {
      if (at + 2 > limit) throw new Malformed();
      if (buf[at] === 0 && buf[at + 1] === 0) {
        at += 2;
        break;
      }
    } else if (at >= childLimit) {
      break;
    }
    const child = readElement(buf, at, childLimit, depth + 1, walk);
    children.push(child);
    at = child.end;
  }
  for (let i = 0; i + 1 < children.length; i++) {
    const salt = children[i]!;
    const count = children[i + 1]!;
    if ((salt.tag & ~CONSTRUCTED) === TAG_OCTET_STRING && count.tag === TAG_INTEGER) walk.counts.push(integerValue(count.contents!));
  }
  if ((tag & ~CONSTRUCTED) === TAG_OCTET_STRING) {
    // BER may cut an OCTET STRING into pieces; what they hold together may be DER again.
    const contents = Buffer.concat(children.map((c) => c.contents ?? Buffer.alloc(0)));
    walkEncapsulated(contents, depth, walk);
    return { tag, contents, end: at };
  }
  return { tag, end: at };
}

/** OCTET STRING contents that parse as one whole element are walked; anything else is data. */
function walkEncapsulated(contents: Buffer, depth: number, walk: Walk): void {
  if (contents.length < 2 || (contents[0]! & CONSTRUCTED) === 0) return;
  const before = { nodes: walk.nodes, counts: walk.counts.length };
  try {
    const inner = readElement(contents, 0, contents.length, depth + 1, walk);
    if (inner.end === contents.length) return;
  } catch (err) {
    if (!(err instanceof Malformed) || walk.nodes > MAX_NODES) throw err;
  }
  // Not DER after all: whatever was read from it is no structure of the file's.
  walk.counts.length = before.counts;
  walk.nodes = Math.max(walk.nodes, before.nodes);
}

function integerValue(contents: Buffer): number {
  if (contents.length === 0 || (contents[0]! & 0x80) !== 0) return UNBOUNDED;
  let start = 0;
  while (start < contents.length - 1 && contents[start] === 0) start++;
  if (contents.length - start > 6) return UNBOUNDED;
  let value = 0;
  for (let i = start; i < contents.length; i++) value = value * 256 + contents[i]!;
  return value;
}
