import { perLocale } from '../../i18n/format-locale.ts'

/**
 * Balance and profit have 5 fractional digits on the host (the spec); every amount shows all five, so a column
 * of them lines up and none reads rounder than it is ("0.46000" beside "0.01540"). Its currency is not shown,
 * so none is printed.
 */
const money = perLocale(
  (l) => new Intl.NumberFormat(l, { minimumFractionDigits: 5, maximumFractionDigits: 5 }),
)

export function formatMoney(n: number): string {
  return money().format(n)
}
