// Where the sandbox's tokens, secrets and ids come from: the OS CSPRNG per install, or a seeded stream when a test asks.

import { createHash, randomBytes } from 'node:crypto'

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
const SERIAL_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'

/**
 * Random values in the gateway's formats. Both modes share every formatting step and differ only in where bytes come
 * from: `secure()` reads `crypto.randomBytes` (tokens nobody can predict), `seeded(seed)` hashes seed and counter with
 * SHA-256 (the same ids on every run, for tests). The seeded state is the counter, saved with the world.
 */
export class RandomSource {
  private counter = 0

  private constructor(private readonly seed: number | null) {}

  static secure(): RandomSource {
    return new RandomSource(null)
  }

  static seeded(seed: number): RandomSource {
    return new RandomSource(seed >>> 0)
  }

  get isSeeded(): boolean {
    return this.seed !== null
  }

  /** The seeded stream's position (0 for the secure source), saved so a reloaded world does not repeat ids. */
  get snapshot(): number {
    return this.counter
  }

  restore(state: number): void {
    this.counter = state >>> 0
  }

  private bytes(length: number): Buffer {
    if (this.seed === null) return randomBytes(length)
    const chunks: Buffer[] = []
    let have = 0
    while (have < length) {
      const block = createHash('sha256').update(`${this.seed}:${this.counter}`).digest()
      this.counter += 1
      chunks.push(block)
      have += block.length
    }
    return Buffer.concat(chunks).subarray(0, length)
  }

  /** A float in [0, 1). */
  next(): number {
    return this.bytes(6).readUIntBE(0, 6) / 2 ** 48
  }

  /** An integer in [0, bound), without modulo bias. */
  int(bound: number): number {
    if (bound <= 1) return 0
    const limit = Math.floor(2 ** 32 / bound) * bound
    for (;;) {
      const value = this.bytes(4).readUInt32BE(0)
      if (value < limit) return value % bound
    }
  }

  chars(alphabet: string, length: number): string {
    let out = ''
    for (let i = 0; i < length; i++) out += alphabet[this.int(alphabet.length)] ?? ''
    return out
  }

  digits(length: number): string {
    return this.chars('0123456789', length)
  }

  /** Device tokens look like the gateway's: ≈64 alphanumerics. */
  token(): string {
    return this.chars(ALPHANUMERIC, 64)
  }

  /** Device serials look like `A5DOYJ`. */
  serial(): string {
    return this.chars(SERIAL_ALPHABET, 6)
  }

  /** Secret keys look like `tgw6gVhz`. */
  secret(): string {
    return this.chars(ALPHANUMERIC, 8)
  }

  /** A UUID v4 (message ids). */
  uuid(): string {
    const bytes = this.bytes(16)
    bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40
    bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
    const hex = bytes.toString('hex')
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
  }

  /** Incoming WhatsApp message ids are upper-case hex, not UUIDs. */
  whatsappId(): string {
    return this.bytes(10).toString('hex').toUpperCase()
  }
}

/** Auto-reply and reminder ids look like the gateway's: numbers, here of `length` digits, never 0-led. */
export function uniqueNumericId(random: RandomSource, length: number, taken: readonly string[]): string {
  for (;;) {
    const id = `${1 + random.int(9)}${random.digits(length - 1)}`
    if (!taken.includes(id)) return id
  }
}
