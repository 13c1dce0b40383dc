/**
 * The subset of CBOR that pagefind's index files use (minicbor's output: definite-length arrays, text strings,
 * integers), read and written with their byte positions, so a file can be rewritten without the records of some
 * pages while everything else is copied as it was (redact.ts).
 */

/** A decoded value of that subset. */
export type CborValue = number | string | CborValue[];

const UINT = 0;
const NEGINT = 1;
const TEXT = 3;
const ARRAY = 4;

/**
 * Reads CBOR items one after another from `bytes`, starting at `pos`. Allocation-free but for what it returns: a
 * redaction scans every word of a shard (a few MB) in the publish path.
 */
export class CborReader {
  readonly bytes: Uint8Array;
  pos: number;
  /** The major type of the head last read. */
  major = 0;
  constructor(bytes: Uint8Array, pos = 0) {
    this.bytes = bytes;
    this.pos = pos;
  }

  /** Reads the next item's head: its argument, with its major type in `major`. */
  head(): number {
    const b = this.bytes;
    const first = b[this.pos++]!;
    const info = first & 31;
    this.major = first >> 5;
    if (info < 24) return info;
    const at = this.pos;
    if (info === 24) {
      this.pos += 1;
      return b[at]!;
    }
    if (info === 25) {
      this.pos += 2;
      return (b[at]! << 8) | b[at + 1]!;
    }
    if (info === 26) {
      this.pos += 4;
      return b[at]! * 0x1000000 + ((b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!);
    }
    throw new Error(`search: unexpected CBOR head 0x${first.toString(16)} at ${at - 1}`);
  }

  private expect(major: number, what: string): number {
    const n = this.head();
    if (this.major !== major) throw new Error(`search: expected a CBOR ${what} at ${this.pos}`);
    return n;
  }

  /** The length of the array that starts here. */
  array(): number {
    return this.expect(ARRAY, 'array');
  }

  uint(): number {
    return this.expect(UINT, 'unsigned integer');
  }

  text(): string {
    const n = this.expect(TEXT, 'text string');
    this.pos += n;
    return Buffer.from(this.bytes.buffer, this.bytes.byteOffset + this.pos - n, n).toString('utf8');
  }

  /** Moves past the next item. */
  skip(): void {
    const n = this.head();
    const major = this.major;
    if (major === TEXT) this.pos += n;
    else if (major === ARRAY) for (let i = 0; i < n; i++) this.skip();
    else if (major !== UINT && major !== NEGINT) throw new Error(`search: unexpected CBOR type ${major}`);
  }

  /** The next item, decoded. */
  value(): CborValue {
    const start = this.pos;
    const n = this.head();
    if (this.major === UINT) return n;
    if (this.major === NEGINT) return -1 - n;
    if (this.major === ARRAY) return Array.from({ length: n }, () => this.value());
    this.pos = start;
    return this.text();
  }
}

/** Writes CBOR items into a growing buffer, with the shortest heads (as minicbor does). */
export class CborWriter {
  private buf = Buffer.allocUnsafe(1024);
  private size = 0;

  /** Empties the writer, keeping its buffer: one writer serves many files without fresh memory for each. */
  reset(): this {
    this.size = 0;
    return this;
  }

  private reserve(n: number): void {
    if (this.size + n <= this.buf.length) return;
    const next = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.size + n));
    this.buf.copy(next, 0, 0, this.size);
    this.buf = next;
  }

  head(major: number, n: number): this {
    this.reserve(5);
    const m = major << 5;
    if (n < 24) this.buf[this.size++] = m | n;
    else if (n < 0x100) {
      this.buf[this.size++] = m | 24;
      this.buf[this.size++] = n;
    } else if (n < 0x10000) {
      this.buf[this.size++] = m | 25;
      this.size = this.buf.writeUInt16BE(n, this.size);
    } else {
      this.buf[this.size++] = m | 26;
      this.size = this.buf.writeUInt32BE(n, this.size);
    }
    return this;
  }

  array(n: number): this {
    return this.head(ARRAY, n);
  }

  uint(n: number): this {
    return this.head(UINT, n);
  }

  /** Bytes copied as they are (items of the source file). */
  raw(bytes: Uint8Array): this {
    this.reserve(bytes.length);
    this.buf.set(bytes, this.size);
    this.size += bytes.length;
    return this;
  }

  value(v: CborValue): this {
    if (typeof v === 'number') return v >= 0 ? this.head(UINT, v) : this.head(NEGINT, -1 - v);
    if (typeof v === 'string') {
      const bytes = Buffer.from(v, 'utf8');
      return this.head(TEXT, bytes.length).raw(bytes);
    }
    this.array(v.length);
    for (const item of v) this.value(item);
    return this;
  }

  bytes(): Buffer {
    return this.buf.subarray(0, this.size);
  }
}

/** `value` encoded. */
export function encodeCbor(value: CborValue): Buffer {
  return new CborWriter().value(value).bytes();
}

/** The one item in `bytes`, decoded. */
export function decodeCbor(bytes: Uint8Array): CborValue {
  const reader = new CborReader(bytes);
  const value = reader.value();
  if (reader.pos !== bytes.length) throw new Error('search: trailing bytes after a CBOR item');
  return value;
}
