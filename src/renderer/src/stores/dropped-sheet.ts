// A spreadsheet dropped outside the campaigns' import area (the window, the tray window): nothing is attached until the
// operator answers "import as campaign recipients, or attach to a message?" — a customer list is never a document by
// accident (issue 27, point 2).
import { create } from 'zustand'
import type { FileHandleView } from '../../../shared/contract'
import { isSpreadsheetName } from '../../../shared/domain/enums'
import { call } from '../api'
import { useNavigation } from './navigation'
import { useSend } from './send'

/**
 * What was dropped: files from the window, or from the tray files it registered to be sent (`handles`) and the
 * spreadsheets it registered to be read until this question is answered (`sheets`).
 */
export interface DroppedFiles {
  files: File[]
  handles: FileHandleView[]
  sheets: FileHandleView[]
}

/** The rest of a drop whose spreadsheet was imported: what went to the Send draft, and what was not added. */
export interface DropRest {
  attached: string[]
  leftOut: string[]
}

interface DroppedSheetState {
  /** The drop waiting for the operator's answer. */
  question: DroppedFiles | null
  /** The spreadsheet the operator chose to import, until the campaigns view takes it. */
  forCampaign: File | null
  /**
   * A tray-dropped spreadsheet the operator chose to import, until the campaigns view takes it: the tray registered it
   * to be read, so the view has the core read it by its handle.
   */
  trayForCampaign: FileHandleView | null
  /** The rest of the drop last imported, for the campaigns view to say (QA32 Q32-02: nothing vanishes silently). */
  dropRest: DropRest | null
  /**
   * True when the drop holds a spreadsheet and the question is now asked; false: nothing to ask. `limit` is the send
   * panel's file limit for window files, read when they are attached (the tray's handles were checked by the core).
   */
  askIfSpreadsheet(dropped: DroppedFiles, limit?: () => number): boolean
  importAsRecipients(): void
  attachToMessage(): void
  /** Neither: nothing attached, the tray's handles and spreadsheets released. */
  dismiss(): void
  takeForCampaign(): File | null
  takeTrayForCampaign(): FileHandleView | null
}

let attachLimit: () => number = () => Number.MAX_SAFE_INTEGER

function release(handles: readonly FileHandleView[]): void {
  if (handles.length === 0) return
  void call('files:release', { handles: handles.map((h) => h.handle) }).catch(() => undefined)
}

export const useDroppedSheet = create<DroppedSheetState>()((set, get) => ({
  question: null,
  forCampaign: null,
  trayForCampaign: null,
  dropRest: null,

  askIfSpreadsheet(dropped, limit) {
    // The tray held its drop's spreadsheets by the same rule (isSpreadsheetName) to be asked about here.
    if (dropped.sheets.length === 0 && !dropped.files.some((f) => isSpreadsheetName(f.name))) return false
    if (limit) attachLimit = limit
    // A new drop replaces an unanswered one: the earlier tray handles are released.
    const earlier = get().question
    if (earlier) release([...earlier.handles, ...earlier.sheets])
    set({ question: dropped, dropRest: null })
    return true
  },

  importAsRecipients() {
    const question = get().question
    if (!question) return
    const sheet = question.files.find((f) => isSpreadsheetName(f.name)) ?? null
    const traySheet = sheet ? null : (question.sheets[0] ?? null)
    // The spreadsheet is imported; the drop's other files go to the Send draft, as they would have without the
    // question. Another spreadsheet is not attached (a customer list is never a document by accident): it is let go,
    // and said so.
    const files = question.files.filter((f) => f !== sheet)
    const traySheets = question.sheets.filter((h) => h !== traySheet)
    const otherSheets = [...files.filter((f) => isSpreadsheetName(f.name)), ...traySheets]
    release(traySheets)
    const attachFiles = files.filter((f) => !isSpreadsheetName(f.name))
    const attachHandles = question.handles
    if (attachHandles.length > 0) useSend.getState().addHandles(attachHandles)
    if (attachFiles.length > 0) void useSend.getState().addFiles(attachFiles, attachLimit())
    const attached = [...attachFiles, ...attachHandles].map((f) => f.name)
    const leftOut = otherSheets.map((f) => f.name)
    set({
      question: null,
      forCampaign: sheet,
      trayForCampaign: traySheet,
      dropRest: attached.length + leftOut.length > 0 ? { attached, leftOut } : null
    })
    useNavigation.getState().navigate('campaigns')
  },

  attachToMessage() {
    const question = get().question
    if (!question) return
    set({ question: null })
    if (useNavigation.getState().view !== 'send') useNavigation.getState().navigate('send')
    if (question.handles.length > 0) useSend.getState().addHandles(question.handles)
    // The tray's spreadsheets are checked to be sent now, as a window drop's are when added: refused, they say why.
    if (question.sheets.length > 0) void useSend.getState().attachSheets(question.sheets)
    if (question.files.length > 0) void useSend.getState().addFiles(question.files, attachLimit())
  },

  dismiss() {
    const question = get().question
    if (question) release([...question.handles, ...question.sheets])
    set({ question: null })
  },

  takeForCampaign() {
    const file = get().forCampaign
    if (file) set({ forCampaign: null })
    return file
  },

  takeTrayForCampaign() {
    const handle = get().trayForCampaign
    if (handle) set({ trayForCampaign: null })
    return handle
  }
}))
