// The campaigns feature's public surface: the service over the outbox, its commands, and the pure pieces the CLI uses.
export {
  createCampaigns,
  CampaignError,
  copyCampaignFile,
  copyCampaignFiles,
  type CampaignFile,
  type Campaigns,
  type CampaignView,
  type CancelReport
} from './campaigns'
export { fileKey } from './check'
export { tableToXlsx, type ResultsTable } from './export'
export {
  createCampaignCommands,
  type CampaignChannel,
  type CampaignCommandsDeps,
  type CampaignDevices
} from './commands'
export { DEFAULT_PACING, pacingProblems, type PacingPolicy } from './pacing'
export { TemplateError } from './template'
export {
  readSpreadsheet,
  readSpreadsheetFile,
  SpreadsheetError,
  type ReadOptions,
  type Sheet
} from './spreadsheet'
