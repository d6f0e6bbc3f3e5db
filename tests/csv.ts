/**
 * The rows of a CSV file as a spreadsheet reads them (RFC 4180: quoted fields may hold commas, doubled quotes
 * and line breaks; a leading byte-order mark is not part of the first field). Written apart from
 * api/lib/csv.ts on purpose, so the tests of the exports do not read them with the code that wrote them.
 */
export function parseCsv(file: string): string[][] {
  const text = file.replace(/^\uFEFF/, '')
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"'
        i++
      } else if (ch === '"') quoted = false
      else field += ch
    } else if (ch === '"') quoted = true
    else if (ch === ',') {
      row.push(field)
      field = ''
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(field)
      rows.push(row)
      row = []
      field = ''
      i++
    } else field += ch
  }
  if (field || row.length) rows.push([...row, field])
  return rows
}
