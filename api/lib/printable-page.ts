import { html } from 'hono/html'

/**
 * The stylesheet the server's printable documents share (the service report, the fumigation certificate):
 * a page that reads on a phone and prints on A4, with a grid of labelled facts (`dl`), section titles (`h2`)
 * and a table a phone scrolls sideways inside `.table-scroll`. Each page adds its own `<style>` after this
 * one for its header and the rest. `tableMinWidth`: below this width the table scrolls instead of squeezing.
 */
export const printableStyles = (tableMinWidth: string) =>
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
