// How a spreadsheet was read, in the operator's words: "CSV, UTF-8, separated by semicolons", "Excel, sheet “Data”".
import type { SheetFormat } from '../../../../shared/contract'
import type { MessageKey, Translate } from '../../i18n'

const SEPARATORS: Record<string, MessageKey> = {
  ',': 'campaigns.separator.comma',
  ';': 'campaigns.separator.semicolon',
  '\t': 'campaigns.separator.tab'
}

export function sheetFormatText(format: SheetFormat, t: Translate): string {
  if (format.kind === 'xlsx') return t('campaigns.sheet.xlsx', { sheet: format.sheetName })
  const separator = SEPARATORS[format.delimiter]
  return t('campaigns.sheet.csv', {
    encoding: format.encoding.toUpperCase(),
    separator: separator ? t(separator) : t('campaigns.separator.other', { separator: format.delimiter })
  })
}
