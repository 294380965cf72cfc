/** Balance and profit have 5 fractional digits on the host; its currency is not shown, so none is printed. */
export function formatMoney(n: number): string {
  return n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 5 })
}
