import { useIntl } from 'react-intl'
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import type { AccountStatsEntry } from '../../../../shared/api/types.ts'
import { directionOf, type Locale } from '../../../../shared/i18n/locales.ts'
import { formatHostDay } from '../../lib/dates.ts'
import { formatNumber } from '../../lib/format.ts'
import { figures } from './dashboard-messages.ts'

// SVG attributes do not resolve CSS variables reliably; these two read well on light and dark backgrounds.
export const DOWNLOADS_COLOR = '#3b6cf6'
export const VIEWS_COLOR = '#12b5a5'

export function statLabel(row: AccountStatsEntry, index: number): string {
  return row.day ? formatHostDay(row.day) : `#${index + 1}`
}

/**
 * Downloads and views per day. Right to left (Arabic) the days run from the right, as the text does, and the
 * figures' axis stands on the right.
 */
export function StatsChart({ rows }: { rows: AccountStatsEntry[] }) {
  const intl = useIntl()
  // IntlRoot gives the provider one of Filedock's locales.
  const rtl = directionOf(intl.locale as Locale) === 'rtl'
  const data = rows.map((r, i) => ({ label: statLabel(r, i), downloads: r.downloads, views: r.views }))
  return (
    <div
      className="chart"
      role="img"
      aria-label={intl.formatMessage({
        id: 'dashboard.chart.label',
        defaultMessage: 'Downloads and views per day',
      })}
    >
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={data} margin={{ left: rtl ? 16 : 0, right: rtl ? 0 : 16, top: 4, bottom: 0 }}>
          <defs>
            <linearGradient id="fill-downloads" x1="0" y1="0" x2="0" y2="1">
              <stop offset="0%" stopColor={DOWNLOADS_COLOR} stopOpacity={0.28} />
              <stop offset="100%" stopColor={DOWNLOADS_COLOR} stopOpacity={0} />
            </linearGradient>
            <linearGradient id="fill-views" x1="0" y1="0" x2="0" y2="1">
              <stop offset="0%" stopColor={VIEWS_COLOR} stopOpacity={0.22} />
              <stop offset="100%" stopColor={VIEWS_COLOR} stopOpacity={0} />
            </linearGradient>
          </defs>
          <CartesianGrid strokeDasharray="3 3" stroke="rgba(128,128,128,0.2)" vertical={false} />
          <XAxis
            dataKey="label"
            tick={{ fontSize: 11, fill: '#8a909c' }}
            tickLine={false}
            axisLine={false}
            reversed={rtl}
          />
          <YAxis
            tick={{ fontSize: 11, fill: '#8a909c' }}
            tickLine={false}
            axisLine={false}
            width={44}
            allowDecimals={false}
            orientation={rtl ? 'right' : 'left'}
            tickFormatter={(n: number) => formatNumber(n)}
          />
          <Tooltip
            contentStyle={{
              background: 'var(--bg-elevated)',
              border: '1px solid var(--border)',
              borderRadius: 8,
              fontSize: 12,
            }}
            formatter={(n) => (typeof n === 'number' ? formatNumber(n) : n)}
          />
          <Area
            type="monotone"
            dataKey="views"
            name={intl.formatMessage(figures.views)}
            stroke={VIEWS_COLOR}
            strokeWidth={2}
            fill="url(#fill-views)"
            // Drawn at once: a range switch shows the new figures, not a sweep across the old ones (and a
            // screenshot never catches the chart half drawn).
            isAnimationActive={false}
          />
          <Area
            type="monotone"
            dataKey="downloads"
            name={intl.formatMessage(figures.downloads)}
            stroke={DOWNLOADS_COLOR}
            strokeWidth={2}
            fill="url(#fill-downloads)"
            isAnimationActive={false}
          />
        </AreaChart>
      </ResponsiveContainer>
    </div>
  )
}
