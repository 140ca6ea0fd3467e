/**
 * Counts XML start tags, and among them paragraphs (elements whose local name is `p`, whatever the prefix:
 * w:p, text:p, a:p), in bytes fed chunk by chunk, in one pass and constant memory. Nothing is parsed: a `<`
 * followed by a name starts an element. Markup inside comments or CDATA is counted too, which can only overcount.
 */

const LT = 0x3c;
const SLASH = 0x2f;
const GT = 0x3e;
const COLON = 0x3a;
const P = 0x70;

function endsName(byte: number): boolean {
  return byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d || byte === GT || byte === SLASH;
}

export class XmlTagCounter {
  elements = 0;
  paragraphs = 0;
  /** 0: in text; 1: just after `<`; 2: in a start tag's name. */
  private state = 0;
  private localLength = 0;
  private localFirst = 0;

  /** A new part begins: a tag cut off at the end of the last one does not continue here. */
  startPart(): void {
    this.state = 0;
  }

  feed(chunk: Buffer): void {
    let i = 0;
    while (i < chunk.length) {
      if (this.state === 0) {
        const next = chunk.indexOf(LT, i);
        if (next < 0) return;
        this.state = 1;
        i = next + 1;
        continue;
      }
      const byte = chunk[i]!;
      if (this.state === 1) {
        // End tags, declarations, comments and processing instructions start no element.
        if (byte === SLASH || byte === 0x21 || byte === 0x3f || endsName(byte)) {
          this.state = 0;
        } else {
          this.state = 2;
          this.elements++;
          this.localLength = byte === COLON ? 0 : 1;
          this.localFirst = byte;
        }
      } else if (endsName(byte)) {
        if (this.localLength === 1 && this.localFirst === P) this.paragraphs++;
        this.state = 0;
      } else if (byte === COLON) {
        this.localLength = 0;
      } else {
        if (this.localLength === 0) this.localFirst = byte;
        // Only whether the local name is one byte long matters; the count stops growing past two.
        if (this.localLength < 2) this.localLength++;
      }
      i++;
    }
  }
}
