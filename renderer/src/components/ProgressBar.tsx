/**
 * The app's one progress bar: a named progressbar for screen readers, its fill drawn by the `.progress` styles.
 * `fraction` null: how far is not known yet (indeterminate, drawn moving unless `still`).
 */
export function ProgressBar({
  label,
  fraction,
  className,
  still,
  full,
}: {
  label: string
  fraction: number | null
  className?: string
  /** Not moving although the fraction is unknown (a transfer that ended). */
  still?: boolean
  /** Drawn as nearly full (storage). */
  full?: boolean
}) {
  const percent = fraction === null ? null : Math.round(fraction * 100)
  return (
    <div
      className={className ? `progress ${className}` : 'progress'}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent ?? undefined}
      data-indeterminate={percent === null && !still}
      data-full={full}
    >
      <span style={{ width: `${percent ?? 0}%` }} />
    </div>
  )
}
