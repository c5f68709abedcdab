// The shown-text rule's cases: every layer that draws what a customer wrote runs them (the domain, the terminal's
// output, the desktop's notifications, the window's inbox bubble and conversation row).

export interface ShownTextCase {
  text: string
  shown: string
  why?: string
}

const RLO = '\u202E'

export const SHOWN_TEXT_CASES: readonly ShownTextCase[] = [
  { text: 'Halo, Toko Sinar — café', shown: 'Halo, Toko Sinar — café' },
  {
    text: `${RLO}gnp.exe\u200B\u0000nul`,
    shown: 'gnp.exe\u200Bnul',
    why: 'QA82: drawn as "lun⍰exe.png", the override reordering it and the NUL a box'
  },
  { text: `invoice${RLO}fdp.exe`, shown: 'invoicefdp.exe', why: 'an override in a file name' },
  {
    text: 'a\u202Ab\u202Bc\u202Cd\u202De\u2066f\u2067g\u2068h\u2069i',
    shown: 'abcdefghi',
    why: 'every embedding, override and isolate'
  },
  { text: `${RLO}Budi`, shown: 'Budi', why: 'a push name with an override, drawn before the number' },
  { text: 'line one\n\tline two', shown: 'line one\n\tline two', why: 'lines and tabs are the text' },
  { text: 'Windows\r\nline', shown: 'Windows\nline', why: 'a CR alone would overwrite a terminal line' },
  { text: 'a\u001b[31mred\u0007', shown: 'a[31mred', why: 'ESC and BEL steer a terminal' },
  { text: 'x\u007f\u0085\u009by', shown: 'xy', why: 'DEL and C1 controls (U+009B starts an escape too)' },
  { text: '\u200Eمحمد علي\u200F', shown: '\u200Eمحمد علي\u200F', why: 'LRM and RLM reorder nothing: kept' },
  { text: 'Ibu 👩🏽‍💼 Sari', shown: 'Ibu 👩🏽‍💼 Sari', why: 'the zero-width joiner of an emoji stays' },
  { text: '', shown: '' }
]
