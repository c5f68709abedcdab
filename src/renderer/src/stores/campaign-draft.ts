// The new campaign being filled in, kept for the window's life like Send's draft: leaving Campaigns (to raise the
// daily cap its summary warned about) and coming back finds the file, columns, message, pacing and devices as they
// were (QA28 Q28-03). The sheet itself stays in the core under its id; the form says so when the core let it go.
import { create } from 'zustand'
import type { ColumnMappingView, FileHandleView, PacingPolicyView, SheetView } from '../../../shared/contract'

export interface CampaignDraft {
  sheet: SheetView | null
  mapping: ColumnMappingView | null
  template: string
  /** The name the operator typed; null while the field shows the default (the file's name, numbered if taken). */
  typedName: string | null
  /** null: the new campaign's default pacing, on the operator's zone. */
  pacing: PacingPolicyView | null
  chosen: string[]
  /** The only device was ticked once already (the operator may have unticked it since). */
  autoTicked: boolean
  previewRow: number | null
  /** The preview row's field as typed (null: it shows the row previewed). */
  previewRowText: string | null
  sendRecent: boolean
  /** One file sent with every row, registered like a file dropped on the send panel. */
  attachment: FileHandleView | null
  /** The files the mapping's attachment column names, one per row. */
  rowFiles: FileHandleView[]
  /** The form, not a campaign, was on screen when Campaigns was last left: coming back shows it again. */
  formShown: boolean
}

const EMPTY: CampaignDraft = {
  sheet: null,
  mapping: null,
  template: '',
  typedName: null,
  pacing: null,
  chosen: [],
  autoTicked: false,
  previewRow: null,
  previewRowText: null,
  sendRecent: false,
  attachment: null,
  rowFiles: [],
  formShown: false
}

export const useCampaignDraft = create<CampaignDraft>(() => EMPTY)

export function patchCampaignDraft(patch: Partial<CampaignDraft>): void {
  useCampaignDraft.setState(patch)
}

/** The campaign was created from it (its files now the campaign's): the next one starts empty. */
export function clearCampaignDraft(): void {
  useCampaignDraft.setState(EMPTY, true)
}

/** A draft with a file, on screen when Campaigns was left: coming back shows the form, not a running campaign. */
export const draftWasShown = (): boolean => {
  const { sheet, formShown } = useCampaignDraft.getState()
  return sheet !== null && formShown
}

export function resetCampaignDraft(): void {
  clearCampaignDraft()
}
