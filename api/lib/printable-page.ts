import { html } from 'hono/html'
import type { HtmlEscapedString } from 'hono/utils/html'
import { COMPANY_CONTACT } from '../../contract/company.js'

type Html = HtmlEscapedString | Promise<HtmlEscapedString>

/** Wires a printable page's print button; served as a file because the CSP refuses inline handlers. */
export const printButtonScript = (buttonId: string) =>
  `document.getElementById('${buttonId}')?.addEventListener('click', () => window.print())\n`

/**
 * The stylesheet the printable documents share (the service report, the fumigation certificate):
 * a page that reads on a phone and prints on A4, with a grid of labelled facts (`dl`), section titles (`h2`)
 * and a table a phone scrolls sideways inside `.table-scroll`. `tableMinWidth`: below this width the table scrolls instead of squeezing.
 */
const printableStyles = (tableMinWidth: string) =>
  html`<style>
    body {
      font:
        15px/1.5 system-ui,
        sans-serif;
      color: #1f2937;
      max-width: 48rem;
      margin: 0 auto;
      padding: 1rem;
      /* A long unbroken word (an address, a product code, a link) breaks instead of widening the page. */
      overflow-wrap: anywhere;
    }
    h2 {
      font-size: 1.05rem;
      margin: 1.25rem 0 0.4rem;
      color: #166534;
    }
    dl {
      display: grid;
      grid-template-columns: max-content 1fr;
      gap: 0.2rem 1rem;
      margin: 0;
    }
    dt {
      font-weight: 600;
    }
    dd {
      margin: 0;
    }
    table {
      width: 100%;
      border-collapse: collapse;
    }
    /* A phone scrolls the treatments sideways inside the page, not the page itself. */
    .table-scroll {
      overflow-x: auto;
    }
    .table-scroll table {
      min-width: ${tableMinWidth};
    }
    th {
      overflow-wrap: normal;
    }
    th,
    td {
      text-align: left;
      border-bottom: 1px solid #e5e7eb;
      padding: 0.3rem;
      vertical-align: top;
    }
    .small {
      color: #4b5563;
      font-size: 0.85rem;
    }
    @media print {
      body {
        padding: 0;
      }
      .noprint {
        display: none;
      }
    }
  </style>`

/**
 * A printable document of ours (the service report, the fumigation certificate): one HTML page, no outside
 * assets but its print script, that reads on a phone and prints on A4. The page gives its title (the company's
 * name is added), its table's minimum width, its own styles and its body; the print button ends the page.
 */
export function printableDocument(page: {
  title: string
  tableMinWidth: string
  styles: Html
  body: Html
  printButtonId: string
  /** The print script's path (printButtonScript, served by the page's router). */
  scriptUrl: string
}): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${page.title} · ${COMPANY_CONTACT.name}</title>
        ${printableStyles(page.tableMinWidth)} ${page.styles}
      </head>
      <body>
        ${page.body}
        <p class="noprint"><button type="button" id="${page.printButtonId}">Print or save as PDF</button></p>
        <!-- The page's CSP allows no inline script or handler: the click is wired by a file of our origin. -->
        <script src="${page.scriptUrl}"></script>
      </body>
    </html>`.toString()
}
