// Names made part of a file name: a campaign's exports are "<campaign name> - results.csv" (QA67: "Promo 1.000
// pelanggan" was saved as "Promo 1000 pelanggan - hasil.csv", every character but letters, digits, _ and - dropped).

/** A path separator: a `/` or `\` in a name ("Promo 01/12") becomes a dash, so the parts stay apart. */
const PATH_SEPARATOR = /[\\/]/g

/**
 * A run of characters Windows forbids in a file name (`: * ? " < > |`) or control characters, with the white space
 * around it: the run goes, and a space stays where there was one ("Tagihan: Januari", "VIP | baru").
 */
const FORBIDDEN_RUN = /[\s:*?"<>|\p{Cc}]*[:*?"<>|\p{Cc}][\s:*?"<>|\p{Cc}]*/gu

/**
 * `name` as part of a file name Windows, macOS and Linux all take: unchanged but for the characters one of them
 * cannot hold, and without a trailing dot or space (Windows drops them) or a leading space. Empty when nothing is
 * left: the caller names the file some other way. The cases: file-name.cases.ts.
 */
export function fileNamePart(name: string): string {
  return name
    .replace(PATH_SEPARATOR, '-')
    .replace(FORBIDDEN_RUN, (run) => (/\s/.test(run) ? ' ' : ''))
    .replace(/[.\s]+$/u, '')
    .trimStart()
}
