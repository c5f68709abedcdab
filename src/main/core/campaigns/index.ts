// The campaigns feature's public surface: the service (a producer of the send queue) and its contract commands.
// Everything else (reading spreadsheets, checks, pacing, errors) stays inside: front doors reach it through
// `campaigns:*`.
export { createCampaigns, type Campaigns } from './campaigns'
export { createCampaignCommands, type CampaignChannel, type CampaignCommandsDeps } from './commands'
export {
  gatewaysMissed,
  optOutGatewaySync,
  pushOptOutsToGateways,
  type CampaignDevices,
  type OptOutGatewaySync
} from './gateway-blacklist'
export { keywordOptOuts, localKeywordOptOuts, type KeywordOptOuts } from './opt-out-keywords'
// The proof's XLSX writer, shared with the outbox's export (safe cells, one writer).
export {
  ExportPieces,
  ExportRuns,
  ExportStopped,
  exportTimeZone,
  inDoubtReason,
  tableToXlsx,
  tableWriter,
  type ExportControl,
  type ResultsTable
} from './export'
