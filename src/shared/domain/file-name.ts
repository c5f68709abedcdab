// Names made part of a file name: a campaign's exports are "<campaign name> - results.csv" (QA67: "Promo 1.000
// pelanggan" was saved as "Promo 1000 pelanggan - hasil.csv", every character but letters, digits, _ and - dropped).
import { shownText } from './shown-text'

/** A path separator: a `/` or `\` in a name ("Promo 01/12") becomes a dash, so the parts stay apart. */
const PATH_SEPARATOR = /[\\/]/g

/**
 * A run of characters Windows forbids in a file name (`: * ? " < > |`) or control characters, with the white space
 * around it: the run goes, and a space stays where there was one ("Tagihan: Januari", "VIP | baru").
 */
const FORBIDDEN_RUN = /[\s:*?"<>|\p{Cc}]*[:*?"<>|\p{Cc}][\s:*?"<>|\p{Cc}]*/gu

/**
 * The most bytes of a file name (UTF-8) on most file systems: ext4's, APFS's; within NTFS's 255 UTF-16 units too, as
 * no character takes more units than bytes.
 */
const FILE_NAME_MAX_BYTES = 255

const utf8 = new TextEncoder()

/** Made on first use, as text-split's: making one loads the break data. */
let characters: Intl.Segmenter | null = null

/**
 * `text`'s start within `maxBytes` of UTF-8, cut between characters as a reader sees them (graphemes): an emoji, a
 * family of several code points or a letter with its accent stays whole or goes whole.
 */
function withinBytes(text: string, maxBytes: number): string {
  if (utf8.encode(text).length <= maxBytes) return text
  characters ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' })
  let bytes = 0
  let end = 0
  for (const { segment, index } of characters.segment(text)) {
    bytes += utf8.encode(segment).length
    if (bytes > maxBytes) break
    end = index + segment.length
  }
  return text.slice(0, end)
}

/**
 * `name` as part of a file name Windows, macOS and Linux all take: the name as it is shown (shownText: no bidi
 * override makes "\u202Egnp.exe" read "exe.png" in a file manager), less the characters one of them cannot hold, and
 * without a trailing dot or space (Windows drops them) or a leading dot or space (a leading dot hides
 * the file on Linux and macOS). `tail` is what the caller puts after it (" - results.csv"): the part is cut so the
 * whole name stays within FILE_NAME_MAX_BYTES (a long name of emoji or Indonesian words was not). Empty when nothing
 * is left: the caller names the file some other way. The cases: file-name.cases.ts.
 */
export function fileNamePart(name: string, tail = ''): string {
  const part = shownText(name)
    .replace(PATH_SEPARATOR, '-')
    .replace(FORBIDDEN_RUN, (run) => (/\s/.test(run) ? ' ' : ''))
    .replace(/^[.\s]+/u, '')
  const room = FILE_NAME_MAX_BYTES - utf8.encode(tail).length
  return room > 0 ? withinBytes(part, room).replace(/[.\s]+$/u, '') : ''
}

/** Up to this many characters after a file name's last dot are its extension (".pdf", ".jpeg", ".xlsx"). */
export const EXTENSION_MOST = 8

/**
 * The name the window suggests for saving a file someone else named (a customer's document): its name and its
 * extension each as fileNamePart leaves them (no bidi control, no path separator), the extension kept whole when a long
 * name is cut to fit; `unnamed` stands for a name of which nothing is left ("file-12.pdf"). The cases:
 * file-name.cases.ts.
 */
export function savedFileName(name: string, unnamed: string): string {
  const shown = shownText(name)
  const dot = shown.lastIndexOf('.')
  const extension =
    dot !== -1 && shown.length - dot - 1 <= EXTENSION_MOST ? fileNamePart(shown.slice(dot + 1)) : ''
  const tail = extension ? `.${extension}` : ''
  const base = extension ? shown.slice(0, dot) : shown
  return `${fileNamePart(base, tail) || fileNamePart(unnamed, tail)}${tail}`
}
