// Where a caption goes: the gateway's audio sends take none (gateway-api §4.2, §4.3: send-audio and
// send-audio-from-local have no caption field), so an audio file never carries one.
import type { MediaKind } from './file-kinds'

/** Whether a file of this kind can carry a caption. */
export function carriesCaption(kind: MediaKind): boolean {
  return kind !== 'audio'
}

type TextEntry = { kind: 'text'; text: string }

/**
 * A request's entries with each caption where it can go. Files that can carry one keep theirs. An audio file goes
 * without; its caption goes as its own text after the files, once, unless another file carries the same words or a
 * text already says them: the operator's words are neither lost nor sent twice.
 */
export function placeCaptions<F extends { kind: 'file'; caption?: string | undefined }>(
  entries: readonly (F | TextEntry)[],
  kindOf: (file: F) => MediaKind | null
): (F | TextEntry)[] {
  const isFile = (entry: F | TextEntry): entry is F => entry.kind === 'file'
  const said = new Set<string>()
  for (const entry of entries) {
    if (!isFile(entry)) said.add(entry.text)
    else if (entry.caption && !stripped(entry)) said.add(entry.caption)
  }
  function stripped(file: F): boolean {
    const kind = kindOf(file)
    return kind !== null && !carriesCaption(kind)
  }
  const own: TextEntry[] = []
  const placed = entries.map((entry) => {
    if (!isFile(entry) || !entry.caption || !stripped(entry)) return entry
    if (!said.has(entry.caption)) {
      said.add(entry.caption)
      own.push({ kind: 'text', text: entry.caption })
    }
    const { caption: _dropped, ...rest } = entry
    return rest as unknown as F
  })
  const afterFiles = placed.reduce((last, entry, i) => (entry.kind === 'file' ? i + 1 : last), 0)
  return [...placed.slice(0, afterFiles), ...own, ...placed.slice(afterFiles)]
}

/**
 * What the Send view tells the operator before sending a caption with audio files: that the other files carry it, or
 * (audio only) that it goes as its own message; null when nothing needs saying.
 */
export type AudioCaptionNotice = 'with-other-files' | 'own-message' | null

export function audioCaptionNotice(kinds: readonly MediaKind[], caption: string): AudioCaptionNotice {
  if (!caption.trim() || kinds.every(carriesCaption)) return null
  return kinds.some(carriesCaption) ? 'with-other-files' : 'own-message'
}
