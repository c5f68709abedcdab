// Send store: the message being composed (files as handles, recipients, text, schedule) and the batch just sent.
import { create } from 'zustand'
import type { FileHandleView } from '../../../shared/contract'
import { call, getApi, keptError, type KeptError } from '../api'
import type { ParsedRecipient } from '../features/send/recipients'
// From their modules, not the domain's index: the index brings the phone rules to the window's start.
import type { OverduePolicyName } from '../../../shared/domain/enums'
import {
  isWithinTextLimit,
  MAX_SEND_MESSAGES,
  MAX_SEND_RECIPIENTS,
  MAX_TEXT_LENGTH
} from '../../../shared/domain/limits'
import { isLocalTime, scheduleTime } from '../../../shared/domain/schedule-time'
import type { ThumbnailSource, ThumbnailTarget } from '../ui/thumbnail'
import { thumbnailMaker } from '../ui/thumbnail-maker'
import { pickedPhotosByHandle } from '../ui/picked-photos'

export type FileKind = FileHandleView['kind']

export interface DraftFile {
  /** Stable key for the row (the handle). */
  key: string
  handle: string
  name: string
  size: number
  kind: FileKind
  mime: string
  /** What the file holds (the core's hash of its bytes): a second file holding the same is not added. */
  contentId?: string
  /** The operator's name for it, when it goes out as `name` because its extension lied about its bytes. */
  renamedFrom?: string
}

/** A file that was not taken: checked here first (too large, empty), then by the core. */
/** A file left out because the draft holds as many files as one send takes (`MAX_SEND_MESSAGES`). */
export const TOO_MANY_FILES = 'too-many-files'

/** Files of the picks and drops whose registration is under way: room the draft has promised them. */
let filesBeingRegistered = 0

/** The files the draft can still take: its own and those of a drop still being registered count against the limit. */
const roomInDraft = (files: readonly DraftFile[]): number =>
  Math.max(0, MAX_SEND_MESSAGES - files.length - filesBeingRegistered)

/** Picks and drops whose files' sizes are still being read (`fileSizes`): the view says "checking" meanwhile. */
let dropsBeingSized = 0
/**
 * The last drop's sizing and room taken: drops are sized one after another, and each takes its room in the order it
 * was made, the tray's files among them.
 */
let sizedBefore: Promise<unknown> = Promise.resolve()

const stillRegistering = (): boolean => filesBeingRegistered > 0 || dropsBeingSized > 0

/**
 * Sizes read per turn of the event loop. A picked or dropped File's first size read is a synchronous call to the
 * browser process (about 0.2 ms each here): a drop of 1,000 files held the window for one task of about 180 ms.
 */
export const SIZES_PER_TURN = 50

/** Each file's size, read a slice per turn of the event loop (`SIZES_PER_TURN` says why). */
async function fileSizes(files: readonly File[]): Promise<number[]> {
  const sizes: number[] = []
  for (const file of files) {
    if (sizes.length > 0 && sizes.length % SIZES_PER_TURN === 0)
      await new Promise((resolve) => setTimeout(resolve))
    sizes.push(file.size)
  }
  return sizes
}

export interface FileRejectionView {
  name: string
  code: string
  message: string
  messageKey?: string
  messageParams?: Record<string, string | number>
  /** 'local' rejections are explained by the window (translated); 'core' ones show the core's message. */
  source: 'local' | 'core'
  /** A local size refusal: the limit it was checked against (the chosen device may change after). */
  maxFileBytes?: number
}

export interface ScheduleDraft {
  enabled: boolean
  /** 'YYYY-MM-DD' */
  date: string
  /** 'HH:mm' */
  time: string
  timezone: string
  mode: 'local' | 'gateway'
  overduePolicy: OverduePolicyName
}

export interface SentBatch {
  itemIds: string[]
  files: DraftFile[]
  text: string | null
  /** How many messages the text went as to each recipient (more than one when a long text was split). */
  textParts?: number
  /** The captions that went as their own message, as the domain's rule placed them (an audio file carries none). */
  captionMessages?: string[]
  /** The caption each file went with, by its handle (probe 4 P9: the card showed the file without it). */
  fileCaptions?: Record<string, string>
  recipients: string[]
  /** How many numbers on the opt-out list the operator left out of it: not among `recipients`, said on the card. */
  leftOut?: number
  scheduled: boolean
  at: string
}

export interface DraftFields {
  recipientsText: string
  isGroup: boolean
  caption: string
  text: string
  /** The operator accepted to send a text over the limit as several messages, cut between words. */
  splitLongText: boolean
  deviceId: string
}

interface SendState extends DraftFields {
  files: DraftFile[]
  rejected: FileRejectionView[]
  /** The files the last add left out because the draft holds the same content already (by their names). */
  repeatedFiles: string[]
  registering: boolean
  schedule: ScheduleDraft
  sending: boolean
  /** The core's refusal of the last send, its words said in the language it is drawn in. */
  sendError: KeptError | null
  sent: SentBatch | null

  /** Pre-check (size against the limit, empty files) then register with the core; rejections are kept with reasons. */
  addFiles(files: File[], maxFileBytes: number): Promise<void>
  /** Files already registered elsewhere (the tray's drop). */
  addHandles(handles: FileHandleView[]): void
  /**
   * Spreadsheets the tray held for the drop's question, attached: each registered to be sent by the core
   * (`files:asAttachment`); those the gateway cannot send are listed as rejections by name, as a window drop's are.
   */
  attachSheets(sheets: FileHandleView[]): Promise<void>
  /**
   * Once per window: the files the draft held before a reload or restart, registered again by the core; those that
   * changed or are gone are listed as rejections by name.
   */
  restoreDraftFiles(): Promise<void>
  /** The draft's files were asked back from the core already (a second ask would add them twice). */
  filesRestored: boolean
  removeFile(key: string): void
  dismissRejected(): void
  setFields(patch: Partial<DraftFields>): void
  setSchedule(patch: Partial<ScheduleDraft>): void
  /**
   * `outbox:enqueue` for the draft; on success the files become the sent batch and the draft clears. `optedOut` is
   * the operator's answer once asked about numbers on the opt-out list (the core refuses with `opted_out` first);
   * `optedOutSeen`, with `leave-out` answered ahead of that (a large send's summary), the numbers it named.
   */
  send(optedOut?: 'send' | 'leave-out', optedOutSeen?: readonly string[]): Promise<boolean>
  /** Clear the sent batch (back to an empty composer). */
  dismissSent(): void
  /** Put away the opt-out refusal, if one stands: the list may have changed since, so Send may ask again. */
  dropOptOutRefusal(): void
}

export const TEXT_LIMIT = MAX_TEXT_LENGTH

const EMPTY_SCHEDULE: ScheduleDraft = {
  enabled: false,
  date: '',
  time: '',
  timezone: '',
  mode: 'local',
  overduePolicy: 'send'
}

/**
 * The thumbnails of the draft's photos and the sent card's, by file key (blob: URLs, ui/thumbnail.ts says why they
 * are made). A store of their own: one arriving redraws its picture alone, not the draft's 1,000 rows and the view's
 * counts of them.
 */
export const useThumbnails = create<{ urls: Readonly<Record<string, string>> }>()(() => ({ urls: {} }))

/** Queues the thumbnail of the draft's file `key`, kept while the draft or the sent card it went to holds it. */
function queueThumbnail(get: () => SendState, key: string, photo: ThumbnailSource): void {
  const holds = (state: SendState): boolean =>
    state.files.some((f) => f.key === key) || (state.sent?.files.some((f) => f.key === key) ?? false)
  const target: ThumbnailTarget = {
    wanted: () => holds(get()),
    show(url) {
      if (!holds(get())) return false
      useThumbnails.setState((state) => ({ urls: { ...state.urls, [key]: url } }))
      return true
    }
  }
  // Asked in order of the same promise, so queued in the order the photos came; a failed load leaves the kinds' symbols.
  void thumbnailMaker().then(
    (queue) => queue.add(photo, target),
    () => undefined
  )
}

/**
 * Queues the thumbnails of photos the window has only handles of (a draft kept over a reload or a restart, a drop on
 * the tray): the core reads each back at its turn.
 */
function queueThumbnailsFromCore(get: () => SendState, added: readonly DraftFile[]): void {
  for (const file of added) {
    if (file.kind !== 'image') continue
    queueThumbnail(get, file.key, async () => {
      return call('files:picture', { handle: file.handle })
    })
  }
}

/** A draft file as the core registered it; a photo's thumbnail comes later (`queueThumbnail`). */
function draftFileOf(view: FileHandleView): DraftFile {
  return {
    key: view.handle,
    handle: view.handle,
    name: view.name,
    size: view.size,
    kind: view.kind,
    mime: view.mime,
    ...(view.contentId ? { contentId: view.contentId } : {}),
    ...(view.renamedFrom ? { renamedFrom: view.renamedFrom } : {})
  }
}

/**
 * The files to add to a draft holding `files`, and the repeats: one holding the content of a file in the draft, or of
 * one added before it in the same go (QA32 Q32-03: the customer got the same photo twice).
 */
function splitRepeats(
  files: readonly DraftFile[],
  incoming: readonly DraftFile[]
): { added: DraftFile[]; repeats: DraftFile[] } {
  const held = new Set(files.map((file) => file.contentId).filter((id) => id !== undefined))
  const added: DraftFile[] = []
  const repeats: DraftFile[] = []
  for (const file of incoming) {
    if (file.contentId !== undefined && held.has(file.contentId)) repeats.push(file)
    else {
      added.push(file)
      if (file.contentId !== undefined) held.add(file.contentId)
    }
  }
  return { added, repeats }
}

/** Adds `incoming` to the draft but its repeats, which are named (`repeatedFiles`) and let go. */
function addToDraft(
  set: (patch: Partial<SendState> | ((state: SendState) => Partial<SendState>)) => void,
  get: () => SendState,
  incoming: DraftFile[],
  rejected: FileRejectionView[] = []
): void {
  const { added, repeats } = splitRepeats(get().files, incoming)
  revoke(repeats)
  set((state) => ({
    files: [...state.files, ...added],
    rejected: [...state.rejected, ...rejected],
    repeatedFiles: repeats.map((file) => file.renamedFrom ?? file.name),
    ...(added.length > 0 ? leaveSent(state) : {})
  }))
  if (repeats.length > 0)
    void Promise.resolve()
      .then(() => call('files:release', { handles: repeats.map((file) => file.handle) }))
      .catch(() => undefined)
}

/** The tray's registered files into the draft, as many as it has room for; the rest let go and said as left out. */
function takeHandles(
  set: (patch: Partial<SendState> | ((state: SendState) => Partial<SendState>)) => void,
  get: () => SendState,
  handles: FileHandleView[]
): void {
  const known = new Set(get().files.map((f) => f.handle))
  const fresh = handles.filter((h) => !known.has(h.handle))
  // Files the tray registered for a draft that is full (or fills with them) are let go, and said as left out.
  const room = roomInDraft(get().files)
  const over = fresh.slice(room)
  if (over.length > 0)
    void Promise.resolve()
      .then(() => call('files:release', { handles: over.map((h) => h.handle) }))
      .catch(() => undefined)
  const added = fresh.slice(0, room).map((h) => draftFileOf(h))
  addToDraft(
    set,
    get,
    added,
    over.map((h): FileRejectionView => ({
      name: h.name,
      code: TOO_MANY_FILES,
      message: '',
      source: 'local'
    }))
  )
  queueThumbnailsFromCore(get, added)
}

/** Lets go of the thumbnails of files that leave the draft and the sent card. */
function revoke(files: DraftFile[]): void {
  const { urls } = useThumbnails.getState()
  const gone = files.filter((file) => urls[file.key] !== undefined)
  if (gone.length === 0) return
  const kept = { ...urls }
  for (const file of gone) {
    URL.revokeObjectURL(kept[file.key]!)
    delete kept[file.key]
  }
  useThumbnails.setState({ urls: kept })
}

/** A change that writes something into the draft (not one that picks a device or clears a field). */
function startsNewDraft(patch: Partial<DraftFields>): boolean {
  return [patch.recipientsText, patch.caption, patch.text].some((value) => Boolean(value?.trim()))
}

/** The last batch's card belongs to the draft it came from; what its files showed is released with it. */
function leaveSent(state: { sent: SentBatch | null }): { sent: null } | Record<string, never> {
  if (!state.sent) return {}
  revoke(state.sent.files)
  return { sent: null }
}

export type DraftProblem =
  | 'no-device'
  | 'no-recipients'
  | 'unpicked-name'
  | 'bad-recipients'
  | 'too-many-recipients'
  | 'too-many-messages'
  | 'nothing-to-send'
  | 'text-too-long'
  | 'caption-too-long'
  | 'schedule-incomplete'
  | 'schedule-no-such-time'
  | 'schedule-passed'
  | 'gateway-text-only'

export interface DraftSnapshot extends DraftFields {
  files: DraftFile[]
  schedule: ScheduleDraft
}

/**
 * Why the draft cannot be sent yet (UI feedback; the core re-validates everything). `unpicked`: a name typed in the
 * contact picker and not picked (recipients.ts `unpickedName`), said as that rather than as a recipient not valid.
 * A schedule whose time has passed at `now` (in its zone) would go out at once: it is a problem, not a schedule.
 */
export function draftProblems(
  draft: DraftSnapshot,
  recipients: ParsedRecipient[],
  /**
   * The messages each recipient would get (`draftEntries`, which the view has: a split text's parts, a caption sent
   * apart). Asked of the caller: the files and the text counted here would be fewer when a caption goes apart.
   */
  messagesEach: number,
  unpicked: string | null = null,
  now: number = Date.now()
): DraftProblem[] {
  const problems: DraftProblem[] = []
  if (!draft.deviceId) problems.push('no-device')
  const others = unpicked === null ? recipients : recipients.filter((r) => r.raw !== unpicked)
  if (unpicked !== null) problems.push('unpicked-name')
  else if (others.length === 0) problems.push('no-recipients')
  if (others.some((r) => r.problem)) problems.push('bad-recipients')
  if (others.length > MAX_SEND_RECIPIENTS) problems.push('too-many-recipients')
  if (messagesEach > MAX_SEND_MESSAGES) problems.push('too-many-messages')
  if (draft.files.length === 0 && !draft.text.trim()) problems.push('nothing-to-send')
  if (!isWithinTextLimit(draft.text) && !draft.splitLongText) problems.push('text-too-long')
  if (!isWithinTextLimit(draft.caption)) problems.push('caption-too-long')
  if (draft.schedule.enabled) {
    if (!draft.schedule.date || !draft.schedule.time || !draft.schedule.timezone)
      problems.push('schedule-incomplete')
    else if (!isLocalTime(`${draft.schedule.date}T${draft.schedule.time}`))
      problems.push('schedule-no-such-time')
    else if (schedulePassed(draft.schedule, now)) problems.push('schedule-passed')
    if (draft.schedule.mode === 'gateway' && draft.files.length > 0) problems.push('gateway-text-only')
  }
  return problems
}

/** Whether a complete schedule's time (on its zone's clock) is no longer ahead of `now`. */
export function schedulePassed(schedule: ScheduleDraft, now: number = Date.now()): boolean {
  return scheduleTime(`${schedule.date}T${schedule.time}`, schedule.timezone, now).kind === 'passed'
}

/**
 * Where the draft's words survive a reload or a restart of the app. Its files are handles: the core keeps those
 * (`files:keepForDraft`) and hands new ones back (`files:restoreDraft`).
 */
export const DRAFT_STORAGE_KEY = 'sender-desk.draft'

/** The composer with nothing in it: the store's first state, and what resetSendStore returns to. */
const EMPTY_COMPOSER: Pick<
  SendState,
  | 'recipientsText'
  | 'isGroup'
  | 'caption'
  | 'text'
  | 'splitLongText'
  | 'deviceId'
  | 'files'
  | 'rejected'
  | 'repeatedFiles'
  | 'registering'
  | 'schedule'
  | 'sending'
  | 'sendError'
  | 'sent'
  | 'filesRestored'
> = {
  recipientsText: '',
  isGroup: false,
  caption: '',
  text: '',
  splitLongText: false,
  deviceId: '',
  files: [],
  rejected: [],
  repeatedFiles: [],
  registering: false,
  schedule: EMPTY_SCHEDULE,
  sending: false,
  sendError: null,
  sent: null,
  filesRestored: false
}

export const useSend = create<SendState>()((set, get) => ({
  ...EMPTY_COMPOSER,

  async addFiles(files, maxFileBytes) {
    if (files.length === 0) return
    dropsBeingSized += 1
    set({ registering: true })
    // Sized after the drops made before it, and its room taken in the same step, with no turn in between: what comes
    // later (a drop, the tray's files) takes what is left.
    const taking = sizedBefore.then(async () => {
      let sizes: number[]
      try {
        sizes = await fileSizes(files)
      } finally {
        dropsBeingSized -= 1
      }
      const local: FileRejectionView[] = []
      const accepted: { file: File; size: number }[] = []
      const room = roomInDraft(get().files)
      files.forEach((file, index) => {
        const size = sizes[index] ?? 0
        if (size === 0) local.push({ name: file.name, code: 'empty', message: '', source: 'local' })
        else if (size > maxFileBytes)
          local.push({ name: file.name, code: 'too-large', message: '', source: 'local', maxFileBytes })
        else if (accepted.length >= room)
          local.push({ name: file.name, code: TOO_MANY_FILES, message: '', source: 'local' })
        else accepted.push({ file, size })
      })
      filesBeingRegistered += accepted.length
      // A new pick or drop is a new outcome: the files an earlier one left out were listed beside this one's news.
      set({ rejected: local })
      return accepted
    })
    sizedBefore = taking.catch(() => undefined)
    const accepted = await taking
    if (accepted.length === 0) {
      set({ registering: stillRegistering() })
      return
    }
    try {
      const reply = await getApi().registerFiles(accepted.map((picked) => picked.file))
      const photos = pickedPhotosByHandle(accepted, reply.files)
      const added = reply.files.map(draftFileOf)
      const rejected = reply.rejected.map((r): FileRejectionView => ({ ...r, source: 'core' }))
      addToDraft(set, get, added, rejected)
      for (const [key, photo] of photos) queueThumbnail(get, key, photo)
    } catch (error) {
      const { code, message, messageKey, messageParams } = keptError(error)
      const failed = accepted.map(({ file }): FileRejectionView => ({
        name: file.name,
        code,
        message,
        messageKey,
        messageParams,
        source: 'core'
      }))
      set((state) => ({ rejected: [...state.rejected, ...failed] }))
    } finally {
      filesBeingRegistered -= accepted.length
      set({ registering: stillRegistering() })
    }
  },

  addHandles(handles) {
    // Files the tray registered while a drop made before them is being sized wait for it to take its room (a fault
    // in taking them is left unhandled, to be seen, and does not stop the drops after them).
    if (dropsBeingSized > 0) {
      const taking = sizedBefore.then(() => takeHandles(set, get, handles))
      sizedBefore = taking.catch(() => undefined)
      return
    }
    takeHandles(set, get, handles)
  },

  async attachSheets(sheets) {
    if (sheets.length === 0) return
    set({ registering: true, rejected: [] })
    const added: DraftFile[] = []
    const rejected: FileRejectionView[] = []
    try {
      for (const sheet of sheets) {
        try {
          const reply = await call('files:asAttachment', { handle: sheet.handle })
          added.push(...reply.files.map((handle) => draftFileOf(handle)))
          rejected.push(...reply.rejected.map((r): FileRejectionView => ({ ...r, source: 'core' })))
        } catch (error) {
          const { code, message, messageKey, messageParams } = keptError(error)
          rejected.push({ name: sheet.name, code, message, messageKey, messageParams, source: 'core' })
        }
      }
      addToDraft(set, get, added, rejected)
    } finally {
      set({ registering: false })
    }
  },

  async restoreDraftFiles() {
    if (get().filesRestored) return
    set({ filesRestored: true })
    try {
      const reply = await call('files:restoreDraft', {})
      get().addHandles(reply.files)
      const refused = reply.rejected.map((r): FileRejectionView => ({ ...r, source: 'core' }))
      if (refused.length > 0) set((state) => ({ rejected: [...state.rejected, ...refused] }))
    } catch {
      // Without the core's answer the draft keeps its words; the operator adds the files again.
    }
  },

  removeFile(key) {
    const file = get().files.find((f) => f.key === key)
    if (!file) return
    revoke([file])
    set((state) => ({ files: state.files.filter((f) => f.key !== key), repeatedFiles: [] }))
    call('files:release', { handles: [file.handle] }).catch(() => undefined)
  },

  dismissRejected: () => set({ rejected: [] }),

  // Writing a new message starts a new draft: the card of the last one leaves with it, not minutes later.
  setFields: (patch) =>
    set((state) => ({
      ...patch,
      ...(startsNewDraft(patch) ? leaveSent(state) : {}),
      // The opt-out refusal names numbers of the recipients it was asked about: other recipients, another question.
      ...(state.sendError?.code === 'opted_out' &&
      (('recipientsText' in patch && patch.recipientsText !== state.recipientsText) ||
        ('isGroup' in patch && patch.isGroup !== state.isGroup))
        ? { sendError: null }
        : {})
    })),

  setSchedule: (patch) => set((state) => ({ schedule: { ...state.schedule, ...patch } })),

  async send(optedOut, optedOutSeen) {
    const state = get()
    // One draft, one enqueue: a second ask while the first is under way (a double click) is refused.
    if (state.sending) return false
    set({ sending: true, sendError: null })
    try {
      // Loaded here, not at the window's start: it brings the phone-number rules (libphonenumber's metadata,
      // about 200 kB). The send view has loaded it already; `sending` is set first, so a second click waits.
      const { enqueuePlan } = await import('../features/send/enqueue-request')
      const { request, textParts, captionMessages } = enqueuePlan(state)
      const reply = await call('outbox:enqueue', {
        ...request,
        ...(optedOut ? { optedOut } : {}),
        ...(optedOutSeen ? { optedOutSeen: [...optedOutSeen] } : {})
      })
      if (state.sent) revoke(state.sent.files)
      set({
        sending: false,
        sent: {
          itemIds: reply.itemIds,
          files: state.files,
          text: textParts.length > 0 ? state.text.trim() : null,
          textParts: textParts.length,
          captionMessages,
          fileCaptions: Object.fromEntries(
            request.entries.flatMap((entry) =>
              entry.kind === 'file' && entry.caption ? [[entry.handle, entry.caption]] : []
            )
          ),
          // Without those left out as on the opt-out list: the card counts the numbers it went to.
          recipients: request.recipients.filter((r) => !reply.leftOut?.includes(r)),
          ...(reply.leftOut?.length ? { leftOut: reply.leftOut.length } : {}),
          // A time that passed in the moment between the form's check and the core's queue goes now, not later.
          scheduled: Boolean(request.schedule) && !schedulePassed(state.schedule),
          at: new Date().toISOString()
        },
        files: [],
        rejected: [],
        repeatedFiles: [],
        caption: '',
        text: '',
        splitLongText: false,
        recipientsText: '',
        // The next message is a new draft: its schedule starts from the Settings default zone and the next hour,
        // not from the zone and time the last one was sent at.
        schedule: EMPTY_SCHEDULE
      })
      return true
    } catch (error) {
      set({ sending: false, sendError: keptError(error) })
      return false
    }
  },

  dismissSent() {
    const sent = get().sent
    if (sent) revoke(sent.files)
    set({ sent: null })
  },

  dropOptOutRefusal() {
    if (get().sendError?.code === 'opted_out') set({ sendError: null })
  }
}))

/** The draft's words, as kept in local storage (in the shape zustand's persist kept them: `{ state, version }`). */
type DraftWords = Pick<
  SendState,
  'recipientsText' | 'isGroup' | 'caption' | 'text' | 'splitLongText' | 'deviceId' | 'schedule'
>
const DRAFT_VERSION = 1

function draftWords(state: SendState): DraftWords {
  const { recipientsText, isGroup, caption, text, splitLongText, deviceId, schedule } = state
  return { recipientsText, isGroup, caption, text, splitLongText, deviceId, schedule }
}

/** Whether the kept draft has been read back yet: nothing is written before, which would replace it with an empty one. */
let draftRead = false

/**
 * Reads the kept draft's words back, once. The window does it just after its shell is on screen (App), not while it
 * starts: the first touch of local storage, even naming `localStorage`, is a synchronous round trip to the browser
 * process (1-50 ms on this machine) that the shell would wait for (issue 29).
 */
export function restoreDraftWords(): void {
  if (draftRead) return
  draftRead = true
  try {
    const kept = JSON.parse(localStorage.getItem(DRAFT_STORAGE_KEY) ?? 'null') as {
      state?: Partial<DraftWords>
      version?: number
    } | null
    if (kept?.version === DRAFT_VERSION && kept.state && typeof kept.state === 'object')
      useSend.setState(kept.state)
  } catch {
    // An unreadable draft is left behind: the composer starts empty.
  }
}

useSend.subscribe((state) => {
  if (!draftRead) return
  try {
    localStorage.setItem(
      DRAFT_STORAGE_KEY,
      JSON.stringify({ state: draftWords(state), version: DRAFT_VERSION })
    )
  } catch {
    // Without storage the draft lasts as long as the window.
  }
})

// Whatever changes the draft's files (added, removed, sent), the core learns which files to keep for a restart.
useSend.subscribe((state, previous) => {
  const handles = state.files.map((file) => file.handle)
  if (handles.join() === previous.files.map((file) => file.handle).join()) return
  // Through a promise: with no core to ask (a page outside the app), the draft simply is not kept.
  Promise.resolve()
    .then(() => call('files:keepForDraft', { handles }))
    .catch(() => undefined)
})

export function resetSendStore(): void {
  draftRead = false
  filesBeingRegistered = 0
  dropsBeingSized = 0
  sizedBefore = Promise.resolve()
  for (const url of Object.values(useThumbnails.getState().urls)) URL.revokeObjectURL(url)
  useThumbnails.setState({ urls: {} })
  useSend.setState(EMPTY_COMPOSER)
}
