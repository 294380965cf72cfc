export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))
  return sorted[index] as number
}

export const median = (values: readonly number[]): number => quantile(values, 0.5)

export const round = (value: number, digits = 2): number => Number(value.toFixed(digits))

/** How the README quotes a repeated timing: its median and its worst run. */
export const medianAndMax = (values: readonly number[], digits = 1) => ({
  median: round(median(values), digits),
  max: round(Math.max(...values), digits),
})
