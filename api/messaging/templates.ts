/**
 * What each message says. A template turns its data into an email (subject + text) and an SMS (short text);
 * links are paths on the web app, made absolute with APP_URL when the message is delivered.
 */

import type { MessageKind } from '../../contract/message-channels.js'
import { pages } from '../../contract/pages.js'

const COMPANY = 'GreenShield Pest Control & Cleaning'

/**
 * Which of the recipient's choices a message obeys: a kind they choose channels for (reminders, job
 * updates, invoices, marketing; contract/message-channels.ts), or `security` (password reset, login email
 * changed): always sent, on the one channel the flow names.
 */
export type TemplateKind = MessageKind | 'security'

export interface TemplateData {
  /** emergency: booked outside the working hours, so the answer comes within 2 to 4 hours. */
  booking_received: { service: string; when: string; emergency?: boolean }
  booking_confirmed: { service: string; when: string }
  booking_rescheduled: { service: string; when: string; previous_when?: string }
  /** The day before a visit; link: the booking's signed page (confirm, reschedule or cancel without logging in). */
  booking_reminder: { service: string; when: string; link: string }
  technician_on_the_way: { service: string; technician: string; when?: string }
  /** report_url: the service report, a path under the API base or a full URL. */
  /** rate_url: the no-login page to rate the visit in one tap (1 to 5 stars, a comment). */
  service_completed: { service: string; report_url: string; rate_url?: string }
  payment_receipt: { amount: string; reference: string; items: string }
  /** link: the invoice's signed page, which opens without logging in. */
  invoice_sent: { number: string; amount: string; due_date: string; link: string }
  /** link: the quote's signed page, where it is accepted or declined without logging in. */
  quote_sent: { number: string; amount: string; valid_until: string; link: string }
  /** link: the customer's documents page (to print it); verify_url: the public check printed on it. */
  certificate_issued: { number: string; valid_until: string; link: string; verify_url: string }
  /** due: what is left to pay, '' when the invoice is paid in full; link: the customer's invoice page. */
  invoice_receipt: { number: string; amount: string; reference: string; due: string; link: string }
  order_shipped: { items: string; reference?: string }
  order_delivered: { items: string; reference?: string }
  refund: { amount: string; reference: string; reason: string }
  /** Exactly one of link (email) and code (SMS). */
  password_reset: { link?: string; code?: string; minutes: number }
  /** Sent to the OLD address, so its owner hears of a change they did not make. */
  login_email_changed: { old_email: string; new_email: string }
  admin_new_booking: {
    customer: string
    service: string
    when: string
    location: string
    /** The customer's number, local form (messages queued before it was added have none). */
    phone?: string
    emergency?: boolean
  }
  admin_job_unable: {
    customer: string
    phone: string
    service: string
    when: string
    location: string
    technician: string
    reason: string
  }
  /** To the admins and the booking's technician. */
  team_booking_cancelled: { customer: string; service: string; when: string; location: string }
  team_booking_rescheduled: {
    customer: string
    service: string
    when: string
    previous_when: string
    location: string
    emergency?: boolean
  }
  admin_new_order: { customer: string; amount: string; items: string; reference: string }
  admin_new_message: { name: string; email: string; excerpt: string }
  admin_refund_needed: { amount: string; reference: string; reason: string; error: string }
  /** An in-app notification sent to the person's phones by web push (api/messaging/push.ts); link: what it opens. */
  notification: { heading: string; body: string; link?: string }
}
export type TemplateName = keyof TemplateData

export interface Rendered {
  subject: string
  /** The email's plain text. */
  text: string
  /** The SMS: one or two segments. */
  sms: string
  /** What a push notification opens when tapped (absolute). */
  url?: string
}

/** Absolute links for the message: APP_URL plus a path, or the link itself when already absolute. */
export type LinkMaker = (pathOrUrl: string) => string

type Renderer<T> = (data: T, link: LinkMaker) => Rendered

const email = (greeting: string, lines: string[]) => [greeting, '', ...lines, '', `${COMPANY}`].join('\n')

/**
 * An invoice or a quote gone out: one message but for the document's name, the day it names (`long` in
 * the email, `short` in the SMS) and what its signed page lets the customer do.
 */
function documentSent<T extends { number: string; amount: string; link: string }>(
  name: 'Invoice' | 'Quote',
  day: (data: T) => { long: string; short: string },
  pageLets: string,
): Renderer<T> {
  const noun = name.toLowerCase()
  return (d, link) => ({
    subject: `${name} ${d.number}`,
    text: email('Hello,', [
      `Your ${noun} ${d.number} for ${d.amount} is ready; ${day(d).long}.`,
      `${pageLets}: ${link(d.link)}`,
    ]),
    sms: `GreenShield: ${noun} ${d.number} for ${d.amount}, ${day(d).short}: ${link(d.link)}`,
  })
}

const TEMPLATES: { [K in TemplateName]: { kind: TemplateKind; render: Renderer<TemplateData[K]> } } = {
  booking_received: {
    kind: 'job_updates',
    render: (d) =>
      d.emergency
        ? {
            subject: 'We received your emergency call-out',
            text: email('Hello,', [
              `We received your emergency ${d.service} call-out for ${d.when}.`,
              'It is outside our working hours: we will respond within 2 to 4 hours.',
            ]),
            sms: `GreenShield: we received your emergency ${d.service} call-out for ${d.when}. We will respond within 2 to 4 hours.`,
          }
        : {
            subject: 'We received your booking',
            text: email('Hello,', [
              `We received your ${d.service} booking for ${d.when}. We will confirm it within 24 hours.`,
            ]),
            sms: `GreenShield: we received your ${d.service} booking for ${d.when}. We will confirm it within 24 hours.`,
          },
  },
  booking_confirmed: {
    kind: 'job_updates',
    render: (d) => ({
      subject: 'Your booking is confirmed',
      text: email('Hello,', [
        `Your ${d.service} appointment on ${d.when} is confirmed. Our team will arrive at the booked time.`,
      ]),
      sms: `GreenShield: your ${d.service} appointment on ${d.when} is confirmed.`,
    }),
  },
  booking_reminder: {
    kind: 'reminders',
    render: (d, link) => ({
      subject: `Reminder: your ${d.service} visit is tomorrow`,
      text: email('Hello,', [
        `A reminder: our team comes for your ${d.service} visit tomorrow, ${d.when}.`,
        `Tell us you will be there, or move or cancel it: ${link(d.link)}`,
        'Please make sure someone can open the gate for the technician.',
      ]),
      sms: `GreenShield: your ${d.service} visit is tomorrow, ${d.when}. Confirm, move or cancel: ${link(d.link)}`,
    }),
  },
  booking_rescheduled: {
    kind: 'job_updates',
    render: (d) => ({
      subject: 'Your booking has a new date',
      text: email('Hello,', [
        `Your ${d.service} appointment${d.previous_when ? ` (was ${d.previous_when})` : ''} is now on ${d.when}.`,
      ]),
      sms: `GreenShield: your ${d.service} appointment is now on ${d.when}.`,
    }),
  },
  technician_on_the_way: {
    kind: 'job_updates',
    render: (d) => ({
      subject: 'Your technician is on the way',
      text: email('Hello,', [
        `${d.technician} is on the way for your ${d.service} appointment${d.when ? ` (${d.when})` : ''}.`,
      ]),
      sms: `GreenShield: ${d.technician} is on the way for your ${d.service} appointment.`,
    }),
  },
  service_completed: {
    kind: 'job_updates',
    render: (d, link) => ({
      subject: 'Your service is complete',
      text: email('Hello,', [
        `Your ${d.service} service is complete. Thank you for choosing us!`,
        `Your service report: ${link(d.report_url)}`,
        ...(d.rate_url ? [`How did we do? Rate the visit in one tap: ${link(d.rate_url)}`] : []),
      ]),
      sms:
        `GreenShield: your ${d.service} service is complete. Report: ${link(d.report_url)}` +
        (d.rate_url ? ` Rate us: ${link(d.rate_url)}` : ''),
    }),
  },
  payment_receipt: {
    kind: 'invoices',
    render: (d, link) => ({
      subject: `Payment receipt ${d.reference}`,
      text: email('Hello,', [
        `We received your payment of ${d.amount} (Reference ${d.reference}).`,
        `Items: ${d.items}`,
        `Your orders: ${link(pages.orders)}`,
      ]),
      sms: `GreenShield: payment of ${d.amount} received (Ref ${d.reference}). Your order has been placed.`,
    }),
  },
  invoice_sent: {
    kind: 'invoices',
    render: documentSent(
      'Invoice',
      (d) => ({ long: `it is due by ${d.due_date}`, short: `due ${d.due_date}` }),
      'See it, print it or save it as a PDF',
    ),
  },
  quote_sent: {
    kind: 'invoices',
    render: documentSent(
      'Quote',
      (d) => ({ long: `it is valid until ${d.valid_until}`, short: `valid until ${d.valid_until}` }),
      'Read it, then accept or decline it',
    ),
  },
  certificate_issued: {
    kind: 'job_updates',
    render: (d, link) => ({
      subject: `Fumigation certificate ${d.number}`,
      text: email('Hello,', [
        `Your fumigation certificate ${d.number} is ready; it is valid until ${d.valid_until}.`,
        `Print it from your documents: ${link(d.link)}`,
        `Anyone can check that it is valid at ${link(d.verify_url)}`,
      ]),
      sms: `GreenShield: fumigation certificate ${d.number}, valid until ${d.valid_until}: ${link(d.link)}`,
    }),
  },
  invoice_receipt: {
    kind: 'invoices',
    render: (d, link) => ({
      subject: `Payment receipt ${d.reference}: invoice ${d.number}`,
      text: email('Hello,', [
        `We received your payment of ${d.amount} for invoice ${d.number} (Reference ${d.reference}).`,
        d.due ? `${d.due} is still due on it.` : 'The invoice is now paid in full. Thank you!',
        `Your invoice: ${link(d.link)}`,
      ]),
      sms:
        `GreenShield: payment of ${d.amount} received for invoice ${d.number} (Ref ${d.reference}). ` +
        (d.due ? `${d.due} still due.` : 'Paid in full.'),
    }),
  },
  order_shipped: {
    kind: 'job_updates',
    render: (d, link) => ({
      subject: 'Your order has shipped',
      text: email('Hello,', [
        `Your order of ${d.items}${d.reference ? ` (Reference ${d.reference})` : ''} is on its way.`,
        `Your orders: ${link(pages.orders)}`,
      ]),
      sms: `GreenShield: your order of ${d.items} is on its way.`,
    }),
  },
  order_delivered: {
    kind: 'job_updates',
    render: (d, link) => ({
      subject: 'Your order has been delivered',
      text: email('Hello,', [
        `Your order of ${d.items}${d.reference ? ` (Reference ${d.reference})` : ''} has been delivered.`,
        `Your orders: ${link(pages.orders)}`,
      ]),
      sms: `GreenShield: your order of ${d.items} has been delivered.`,
    }),
  },
  refund: {
    kind: 'invoices',
    render: (d) => ({
      subject: `Refund of ${d.amount}`,
      text: email('Hello,', [
        `We have refunded your payment of ${d.amount} (Reference ${d.reference}): ${d.reason}`,
        'Your bank may take a few working days to show it.',
      ]),
      sms: `GreenShield: we refunded ${d.amount} (Ref ${d.reference}). Your bank may take a few days to show it.`,
    }),
  },
  password_reset: {
    kind: 'security',
    render: (d, link) => ({
      subject: 'Reset your password',
      text: email('Hello,', [
        'Someone (hopefully you) asked to reset the password of your GreenShield account.',
        d.link ? `Open this link to choose a new password: ${link(d.link)}` : `Your code: ${d.code}`,
        `It works once and expires in ${d.minutes} minutes. If you did not ask, ignore this message.`,
      ]),
      sms: `GreenShield: your password reset code is ${d.code ?? ''}. It expires in ${d.minutes} minutes. Do not share it.`,
    }),
  },
  login_email_changed: {
    kind: 'security',
    render: (d) => ({
      subject: 'Your login email was changed',
      text: email('Hello,', [
        `The login email of your GreenShield account was changed from ${d.old_email} to ${d.new_email}.`,
        'If you made this change, there is nothing to do. If you did not, contact us at once: someone ' +
          'who knows your password may be using your account.',
      ]),
      sms: `GreenShield: the login email of your account was changed to ${d.new_email}. Not you? Contact us at once.`,
    }),
  },
  admin_new_booking: {
    kind: 'job_updates',
    render: (d, link) => {
      const phone = d.phone ? ` (${d.phone})` : ''
      return d.emergency
        ? {
            subject: `Emergency call-out: ${d.customer}${phone}, ${d.service}, ${d.when}`,
            text: email('Hello,', [
              `EMERGENCY CALL-OUT: ${d.customer} booked ${d.service} for ${d.when} at ${d.location}, ` +
                'outside the working hours.',
              `The customer was promised a response within 2 to 4 hours. Call them: ${d.phone ?? 'see the booking'}.`,
              `Bookings: ${link(pages.admin.bookings)}`,
            ]),
            sms: `GreenShield: EMERGENCY call-out, ${d.service} for ${d.customer}${phone}, ${d.when}. Respond within 2 to 4 hours.`,
          }
        : {
            subject: `New booking: ${d.service}, ${d.when}`,
            text: email('Hello,', [
              `${d.customer} booked ${d.service} for ${d.when} at ${d.location}.`,
              ...(d.phone ? [`Phone: ${d.phone}`] : []),
              `Bookings: ${link(pages.admin.bookings)}`,
            ]),
            sms: `GreenShield: new ${d.service} booking by ${d.customer} for ${d.when}.`,
          }
    },
  },
  admin_job_unable: {
    kind: 'job_updates',
    render: (d, link) => ({
      subject: `Job needs attention: ${d.customer}, ${d.when}`,
      text: email('Hello,', [
        `${d.technician} could not complete the ${d.service} job for ${d.customer} (${d.phone}) ` +
          `on ${d.when} at ${d.location}.`,
        `Reason: ${d.reason}`,
        'Reschedule it, assign another technician or cancel it.',
        `Bookings: ${link(pages.admin.bookings)}`,
      ]),
      sms: `GreenShield: ${d.technician} could not complete ${d.customer}'s ${d.service} job (${d.when}): ${d.reason.slice(0, 80)}`,
    }),
  },
  team_booking_cancelled: {
    kind: 'job_updates',
    render: (d) => ({
      subject: `Booking cancelled by the customer: ${d.customer}, ${d.when}`,
      text: email('Hello,', [
        `${d.customer} cancelled the ${d.service} appointment on ${d.when} at ${d.location}.`,
      ]),
      sms: `GreenShield: ${d.customer} cancelled the ${d.service} appointment on ${d.when}.`,
    }),
  },
  team_booking_rescheduled: {
    kind: 'job_updates',
    render: (d) => ({
      subject: `Booking moved by the customer: ${d.customer}, now ${d.when}`,
      text: email('Hello,', [
        `${d.customer} moved the ${d.service} appointment at ${d.location}.`,
        `Was: ${d.previous_when}`,
        `Now: ${d.when}${d.emergency ? ' (an emergency call-out: outside the working hours)' : ''}`,
      ]),
      sms: `GreenShield: ${d.customer} moved the ${d.service} appointment from ${d.previous_when} to ${d.when}.`,
    }),
  },
  admin_new_order: {
    kind: 'job_updates',
    render: (d, link) => ({
      subject: `New order ${d.reference}: ${d.amount}`,
      text: email('Hello,', [
        `${d.customer} paid ${d.amount} (Reference ${d.reference}) for ${d.items}.`,
        `Orders: ${link(pages.admin.orders)}`,
      ]),
      sms: `GreenShield: new order by ${d.customer}, ${d.amount} (Ref ${d.reference}).`,
    }),
  },
  admin_new_message: {
    kind: 'job_updates',
    render: (d, link) => ({
      subject: `New message from ${d.name}`,
      text: email('Hello,', [
        `${d.name} <${d.email}> wrote:`,
        d.excerpt,
        `Messages: ${link(pages.admin.messages)}`,
      ]),
      sms: `GreenShield: new message from ${d.name}: ${d.excerpt.slice(0, 80)}`,
    }),
  },
  admin_refund_needed: {
    kind: 'invoices',
    render: (d, link) => ({
      subject: `Refund needs attention: ${d.reference}`,
      text: email('Hello,', [
        `The refund of ${d.amount} (Reference ${d.reference}) could not be completed through the gateway.`,
        `Reason for the refund: ${d.reason}`,
        `Last error: ${d.error}`,
        `Refunds: ${link(pages.admin.orders)}`,
      ]),
      sms: `GreenShield: refund of ${d.amount} (Ref ${d.reference}) failed and needs an admin.`,
    }),
  },
  notification: {
    kind: 'job_updates',
    // The tray shows a title and a few lines: the notification as the app lists it. Without a link a tap
    // opens the app's start page, where the bell lists it.
    render: (d, link) => ({ subject: d.heading, text: d.body, sms: d.body, url: link(d.link ?? pages.home) }),
  },
}

export const isTemplateName = (name: string): name is TemplateName => Object.hasOwn(TEMPLATES, name)

export const templateKind = (name: TemplateName): TemplateKind => TEMPLATES[name].kind

export function renderTemplate<K extends TemplateName>(
  name: K,
  data: TemplateData[K],
  link: LinkMaker,
): Rendered {
  return TEMPLATES[name].render(data, link)
}

/** Secrets that must not stay in the table once delivered (the reset link or code). */
export const SENSITIVE_TEMPLATES: ReadonlySet<TemplateName> = new Set(['password_reset'])
