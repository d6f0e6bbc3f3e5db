import { formatNaira, toNaira } from '../../contract/money.js'
import { escapeHtml } from '../lib/escape-html.js'
import type { SandboxTransaction } from './sandbox.js'

const MERCHANT = 'GreenShield Pest Control & Cleaning'

/** Self-contained (no app bundle, no external assets): the page stands in for a third party's site. */
const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:16px;
  font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;background:#f0fdf4;color:#0f172a}
main{width:100%;max-width:420px;background:#fff;border-radius:16px;box-shadow:0 10px 30px rgb(21 128 61/.15);overflow:hidden}
header{background:#15803d;color:#fff;padding:20px 24px}
header p{margin:0;font-size:13px;opacity:.85}
header h1{margin:4px 0 0;font-size:18px;font-weight:700}
.body{padding:24px}
.label{margin:0;font-size:13px;color:#475569}
.amount{margin:4px 0 16px;font-size:34px;font-weight:800;color:#14532d;letter-spacing:-.5px}
dl{margin:0 0 20px;display:grid;grid-template-columns:auto 1fr;gap:6px 12px;font-size:14px}
dt{color:#64748b}dd{margin:0;word-break:break-all}
.note{margin:0 0 20px;padding:10px 12px;border-radius:10px;background:#fefce8;color:#713f12;font-size:13px}
form{margin:0 0 10px}
button,.link{display:block;width:100%;padding:14px;border-radius:10px;font-size:16px;font-weight:700;cursor:pointer;text-align:center;text-decoration:none}
.pay{border:0;background:#15803d;color:#fff}.pay:hover{background:#166534}
.decline{border:2px solid #dc2626;background:#fff;color:#b91c1c}.decline:hover{background:#fef2f2}
.cancel{border:1px solid #cbd5e1;background:#fff;color:#334155}.cancel:hover{background:#f8fafc}
.link{background:#15803d;color:#fff}
button:focus-visible,.link:focus-visible{outline:3px solid #86efac;outline-offset:2px}
`

function layout(title: string, content: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<header><p>Sandbox payment page</p><h1>${escapeHtml(MERCHANT)}</h1></header>
<div class="body">${content}</div>
</main>
</body>
</html>`
}

export function sandboxPayPage(options: {
  tx: SandboxTransaction
  amountNaira: number
  action: string
  signature: string
}): string {
  const { tx, amountNaira, action, signature } = options
  const amount = formatNaira(amountNaira)
  const button = (outcome: string, label: string, cls: string) => `
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="outcome" value="${outcome}">
<input type="hidden" name="signature" value="${escapeHtml(signature)}">
<button type="submit" class="${cls}">${escapeHtml(label)}</button>
</form>`
  return layout(
    `Pay ${amount} to ${MERCHANT}`,
    `<p class="label">Amount to pay</p>
<p class="amount">${escapeHtml(amount)}</p>
<dl>
<dt>Customer</dt><dd>${escapeHtml(tx.customerName || tx.customerEmail)}</dd>
<dt>Email</dt><dd>${escapeHtml(tx.customerEmail)}</dd>
<dt>Reference</dt><dd>${escapeHtml(tx.txRef)}</dd>
</dl>
<p class="note">Test mode: no card is charged. Choose what the payment should do.</p>
${button('success', `Pay ${amount}`, 'pay')}
${button('decline', 'Decline', 'decline')}
${button('cancel', 'Cancel', 'cancel')}`,
  )
}

/** Shown when the page is reopened after the payer already chose (back button). */
export function sandboxDonePage(tx: SandboxTransaction, returnUrl: string): string {
  return layout(
    'Payment already completed',
    `<p class="label">This payment is ${escapeHtml(tx.status)}.</p>
<p class="amount">${escapeHtml(formatNaira(toNaira(tx.amountKobo)))}</p>
<a class="link" href="${escapeHtml(returnUrl)}">Return to the shop</a>`,
  )
}

export function sandboxMissingPage(): string {
  return layout(
    'Payment not found',
    `<p class="label">This payment link is not valid. Please start the checkout again from your cart.</p>`,
  )
}
