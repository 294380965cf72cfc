import { Icon } from './Icon.tsx'

interface Props {
  value: string
  onChange: (value: string) => void
  placeholder: string
  label: string
  /** After Escape has cleared the box: where the keyboard goes back to (the file list). */
  onEscape?: () => void
}

/** The toolbar's search field: a search landmark, the icon, and Escape to clear. */
export function SearchBox({ value, onChange, placeholder, label, onEscape }: Props) {
  return (
    <search className="search">
      <Icon name="search" size={14} />
      <input
        className="input"
        type="search"
        placeholder={placeholder}
        aria-label={label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key !== 'Escape') return
          onChange('')
          onEscape?.()
        }}
      />
    </search>
  )
}
