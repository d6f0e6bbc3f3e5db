/** Lagos calendar months (YYYY-MM) in words. Mid-month at noon UTC: the same month in every time zone. */
const at = (month: string) => new Date(`${month}-15T12:00:00Z`)

/** "November 2026". */
export const monthName = (month: string) =>
  at(month).toLocaleDateString('en-NG', { month: 'long', year: 'numeric' })

/** "Nov": a chart's axis. */
export const shortMonthName = (month: string) => at(month).toLocaleDateString('en-NG', { month: 'short' })
