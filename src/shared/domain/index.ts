// The shared domain rules: pure functions and constants, no I/O, importing nothing of ours.
export * from './base-url'
export * from './enums'
export * from './file-kinds'
export * from './limits'
export * from './phone'
export * from './text-split'
export * from './whatsapp-format'
