import { html } from 'hono/html'
import { COMPANY_CONTACT } from '../../contract/company.js'
import type { CertificateAnswer } from '../../contract/certificates.js'
import { formatDay } from '../../contract/dates.js'
import { printableDocument, printButtonScript } from './printable-page.js'

/** Wires the certificate's print button. */
export const CERTIFICATE_PRINT_SCRIPT = printButtonScript('print-certificate')

const quantity = (q: number) => String(Math.round(q * 100) / 100)

/**
 * The printable fumigation certificate (docs/rules/certificates.md): one HTML page, no outside assets but
 * its print script, that prints on one A4 sheet and reads on a phone. `scriptUrl`: the print script's path.
 */
export function renderCertificate(cert: CertificateAnswer, scriptUrl: string): string {
  const notValid =
    cert.status === 'Revoked'
      ? `Revoked: this certificate is not valid.${cert.revokeReason ? ` ${cert.revokeReason}` : ''}`
      : cert.status === 'Expired'
        ? `Expired on ${formatDay(cert.validUntil)}: this certificate is no longer valid.`
        : null
  return printableDocument({
    title: `Fumigation certificate ${cert.number}`,
    tableMinWidth: '34rem',
    printButtonId: 'print-certificate',
    scriptUrl,
    styles: html`<style>
      .sheet {
        border: 3px double #15803d;
        padding: 1rem 1.25rem;
      }
      header {
        text-align: center;
        border-bottom: 2px solid #15803d;
        padding-bottom: 0.5rem;
        margin-bottom: 1rem;
      }
      .company {
        color: #15803d;
        font-size: 1.2rem;
        font-weight: 700;
        margin: 0;
      }
      h1 {
        font-size: 1.6rem;
        letter-spacing: 0.02em;
        margin: 0.5rem 0 0;
      }
      .warning {
        border: 2px solid #b91c1c;
        color: #991b1b;
        font-weight: 700;
        padding: 0.5rem 0.75rem;
      }
      .verify {
        margin-top: 1.25rem;
        border: 1px solid #d1d5db;
        background: #f9fafb;
        padding: 0.6rem 0.75rem;
      }
      .verify a {
        color: #166534;
        font-family: ui-monospace, monospace;
      }
      .signature {
        margin-top: 2rem;
        display: flex;
        justify-content: flex-end;
      }
      .signature p {
        border-top: 1px solid #1f2937;
        padding-top: 0.25rem;
        min-width: 14rem;
        text-align: center;
      }
      /* On paper the treatments fit the sheet's width. */
      @media print {
        .table-scroll table {
          min-width: 0;
        }
      }
    </style>`,
    body: html` <main class="sheet">
      <header>
        <p class="company">${COMPANY_CONTACT.name}</p>
        <div class="small">
          ${COMPANY_CONTACT.address} · ${COMPANY_CONTACT.phone} · ${COMPANY_CONTACT.email}
        </div>
        <h1>Fumigation Certificate</h1>
        <p>Certificate no. <strong>${cert.number}</strong></p>
      </header>
      ${notValid ? html`<p class="warning" role="alert">${notValid}</p>` : ''}
      <p>
        This is to certify that the premises below were treated against pests by ${COMPANY_CONTACT.name} on
        ${formatDay(cert.treatedOn)}, with the products listed.
      </p>
      <dl>
        <dt>Business</dt>
        <dd>${cert.businessName}</dd>
        <dt>Premises</dt>
        <dd>${cert.premises}</dd>
        <dt>Date of treatment</dt>
        <dd>${formatDay(cert.treatedOn)}</dd>
        <dt>Issued</dt>
        <dd>${formatDay(cert.issuedOn)}</dd>
        <dt>Valid until</dt>
        <dd><strong>${formatDay(cert.validUntil)}</strong></dd>
      </dl>
      <h2>Treatments</h2>
      ${
        cert.treatments.length
          ? html`<div class="table-scroll">
              <table>
                <thead>
                  <tr>
                    <th>Product</th>
                    <th>Active ingredient</th>
                    <th>NAFDAC reg. no.</th>
                    <th>Quantity</th>
                    <th>Target pest</th>
                  </tr>
                </thead>
                <tbody>
                  ${cert.treatments.map(
                    (t) =>
                      html`<tr>
                        <td>${t.productName}</td>
                        <td>${t.activeIngredient || '—'}</td>
                        <td>${t.registrationNo || '—'}</td>
                        <td>${quantity(t.quantity)} ${t.unit}</td>
                        <td>${t.targetPest || '—'}</td>
                      </tr>`,
                  )}
                </tbody>
              </table>
            </div>`
          : html`<p>The treatments are described in the service report of this visit.</p>`
      }
      <div class="signature"><p>For ${COMPANY_CONTACT.name}</p></div>
      <div class="verify">
        <strong>Check this certificate:</strong> anyone can see whether it is valid at
        <a href="${cert.verifyUrl}">${cert.verifyUrl}</a>
      </div>
    </main>`,
  })
}
