// A seedable PRNG (mulberry32): the sandbox's only source of randomness, and the fuzz and crash tests' too, so every
// run with the same seed is reproducible.

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
const SERIAL_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'

export class SeededRandom {
  private state: number

  constructor(seed: number) {
    this.state = seed >>> 0
  }

  /** The internal state, saved with the world so a reloaded sandbox does not repeat ids. */
  get snapshot(): number {
    return this.state
  }

  restore(state: number): void {
    this.state = state >>> 0
  }

  /** `next` as a plain function, for APIs that take `() => number`. */
  asFunction(): () => number {
    return () => this.next()
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0
    let t = this.state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }

  /** An integer in [0, bound). */
  int(bound: number): number {
    return Math.floor(this.next() * bound)
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

  /** A UUID v4 built from seeded bytes (message ids must be reproducible too). */
  uuid(): string {
    const bytes = Array.from({ length: 16 }, () => this.int(256))
    bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40
    bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
    const hex = bytes.map((b) => b.toString(16).padStart(2, '0')).join('')
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
  }

  /** Incoming WhatsApp message ids are upper-case hex, not UUIDs. */
  whatsappId(): string {
    return this.chars('0123456789ABCDEF', 20)
  }
}
