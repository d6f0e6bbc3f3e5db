import type { z } from 'zod'

/** What a person is told about the first thing `schema` refuses in `value` (undefined if it accepts it). */
export const refusal = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0].message
