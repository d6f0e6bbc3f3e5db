/** CSV files the back office downloads (orders, the accountant's money export). */

/** A figure with fixed decimals ("-1500.00"): written as it is, a number the sheet can add up. */
export interface CsvFigure {
  figure: string
}
export const csvFigure = (value: number, decimals = 2): CsvFigure => ({ figure: value.toFixed(decimals) })

export type CsvValue = string | number | CsvFigure

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote, CR or LF, quotes doubled.
 * Text a spreadsheet would run as a formula (= + - @, and tab/CR that some strip first) gets a leading '.
 */
export function csvField(value: CsvValue): string {
  if (typeof value === 'object') return value.figure
  let text = String(value)
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export const csvRow = (fields: CsvValue[]) => fields.map(csvField).join(',')

/**
 * The answer's body: CRLF line ends, and a byte-order mark so Excel reads the file as UTF-8 (names like
 * "Ọlá" stay intact).
 */
export const csvBody = (rows: CsvValue[][]) => '\uFEFF' + rows.map(csvRow).join('\r\n') + '\r\n'
