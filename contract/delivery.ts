/** Where a paid order goes (checkout's delivery step) and what delivery costs (delivery-fees/). */
import { z } from 'zod'
import { defineEndpoints } from './endpoint.js'
import { messageAnswer, naira, nairaField, phoneField, requiredText } from './fields.js'
import { NIGERIAN_STATES } from './nigerian-states.js'

const stateField = z.enum(NIGERIAN_STATES, { error: 'Choose a state' })

/** The delivery step of checkout. */
export const deliveryBody = z.object({
  name: requiredText('Name', 150),
  phone_number: phoneField('Phone number'),
  address: requiredText('Address', 300),
  landmark: z.string().trim().max(200, 'Landmark must be at most 200 characters').default(''),
  city: requiredText('City', 100),
  state: stateField,
})
export type DeliveryRequest = z.input<typeof deliveryBody>
export type DeliveryDetails = z.output<typeof deliveryBody>

/** GET delivery-fees/: one row per state; fee null = "to be agreed" (nothing charged at checkout). */
export const deliveryFee = z.object({
  state: stateField,
  /** Null when the fee is agreed with the customer after ordering. */
  fee: naira.nullable(),
})
export type DeliveryFee = z.infer<typeof deliveryFee>

/** POST admins/delivery-fees/: the states given are set (fee null = to be agreed); others are kept. */
export const deliveryFeesBody = z.object({
  fees: z
    .array(
      z.object({
        state: stateField,
        fee: nairaField('Fee must be a number of naira', 'Fee must be a number of naira, e.g. 2,500')
          .pipe(z.number().min(0, 'Fee cannot be negative').max(1_000_000, 'Fee is too large'))
          .nullable(),
      }),
    )
    .max(NIGERIAN_STATES.length),
})
export type DeliveryFeesRequest = z.input<typeof deliveryFeesBody>

/** A sentence without its full stop, so it reads in a list or in a paragraph. */
export const TO_BE_AGREED = 'Delivery fee to be agreed: we will call you before delivery'

/** The one line that says what delivery costs, the same on the checkout, the success page and the notification. */
export const deliveryFeeText = (feeNaira: number | null, format: (n: number) => string) =>
  feeNaira === null ? TO_BE_AGREED : `Delivery fee: ${format(feeNaira)}`

/** One line for the address: "12 Awolowo Rd (opposite the bank), Ikeja, Lagos". */
export const deliveryAddressLine = (d: { address: string; landmark: string; city: string; state: string }) =>
  [d.landmark ? `${d.address} (${d.landmark})` : d.address, d.city, d.state].filter(Boolean).join(', ')

export const deliveryEndpoints = defineEndpoints('delivery', {
  'GET delivery-fees/': {
    summary: 'What delivery costs in each state (fee null: agreed with the customer after ordering).',
    access: 'public',
    answer: z.array(deliveryFee),
  },
  'POST admins/delivery-fees/': {
    summary: 'Sets the fees of the states given (others are kept); answers the whole table.',
    access: 'admin',
    body: deliveryFeesBody,
    answer: messageAnswer.extend({ fees: z.array(deliveryFee) }),
  },
})
