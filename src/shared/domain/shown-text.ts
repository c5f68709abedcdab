// What a customer wrote (a message, a caption, a file's name, a push name, a group's subject) as it is drawn: the
// window, the terminal and the desktop's notifications show it without the characters that would steer the drawing.
// The stored text keeps them: this is for showing only.

/**
 * C0 controls but tab and line feed (NUL drawn as a box, ESC starting a terminal escape, BEL ringing, CR overwriting a
 * terminal's line), DEL, C1 controls, and the bidi embeddings, overrides and isolates (U+202A–202E, U+2066–2069) that
 * show text in another order than it reads: "\u202Egnp.exe" drawn as "exe.png" (QA82). The marks U+200E/U+200F stay:
 * they order nothing, they only lean neutral characters.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const UNSHOWN_CHARACTERS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g

/** `text` as it is drawn: every character above dropped, so none can reorder or hide what follows it. */
export function shownText(text: string): string {
  return text.replace(UNSHOWN_CHARACTERS, '')
}

/**
 * `data` as JSON drawn as it reads, for a payload shown as it came (the webhook inspector, the terminal's --json):
 * what JSON.stringify leaves raw of the characters above (DEL, C1 controls, bidi embeddings, overrides and isolates)
 * written as its `\u` escape. The same JSON, nothing dropped: a reader sees the override was sent.
 */
export function shownJson(data: unknown, indent?: number): string {
  return JSON.stringify(data, null, indent).replace(
    UNSHOWN_CHARACTERS,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`
  )
}
