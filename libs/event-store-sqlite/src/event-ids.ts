import { randomFillSync } from 'node:crypto';

/**
 * Event ids as UUID version 7 (RFC 9562): a millisecond timestamp followed by random bits, counted
 * up within a millisecond so that ids made by one process increase. Increasing ids are appended at
 * the right-hand edge of the UNIQUE index instead of at random places in it, which keeps large
 * stores fast to write (a random UUID touches a random index page per event).
 */
export class EventIdGenerator {
  private lastMs = -1;
  private prefix = '';
  /** The 74 counted bits: 12 (rand_a), then 30 + 32 (rand_b). */
  private a = 0;
  private bHigh = 0;
  private bLow = 0;
  private readonly pool = new Uint32Array(96);
  private poolIndex = this.pool.length;

  next(now: number = Date.now()): string {
    if (now > this.lastMs) {
      this.lastMs = now;
      this.prefix = timestampPrefix(now);
      // Start in the lower half of rand_a so a millisecond has room for 2^73 ids before it could wrap.
      this.a = this.random() & 0x7ff;
      this.bHigh = this.random() & 0x3fffffff;
      this.bLow = this.random();
    } else {
      this.increment();
    }
    return (
      this.prefix +
      hex(0x7000 | this.a, 4) +
      '-' +
      hex(0x8000 | (this.bHigh >>> 16), 4) +
      '-' +
      hex(this.bHigh & 0xffff, 4) +
      hex(this.bLow, 8)
    );
  }

  private increment(): void {
    this.bLow = (this.bLow + 1) >>> 0;
    if (this.bLow !== 0) return;
    this.bHigh = (this.bHigh + 1) & 0x3fffffff;
    if (this.bHigh !== 0) return;
    this.a += 1;
    if (this.a > 0xfff) {
      // Every id of this millisecond is used: borrow the next one.
      this.lastMs += 1;
      this.prefix = timestampPrefix(this.lastMs);
      this.a = 0;
    }
  }

  private random(): number {
    if (this.poolIndex >= this.pool.length) {
      randomFillSync(this.pool);
      this.poolIndex = 0;
    }
    return this.pool[this.poolIndex++] ?? 0;
  }
}

function timestampPrefix(ms: number): string {
  const timestamp = hex(ms, 12);
  return `${timestamp.slice(0, 8)}-${timestamp.slice(8, 12)}-`;
}

function hex(value: number, digits: number): string {
  return value.toString(16).padStart(digits, '0');
}
