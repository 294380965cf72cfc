import { useIntl } from 'react-intl'
import { Icon } from '../../components/Icon.tsx'
import { useDetails } from './details-store.ts'

/** The toolbar's switch for the details panel. */
export function DetailsToggle() {
  const intl = useIntl()
  const open = useDetails((s) => s.open)
  const toggle = useDetails((s) => s.toggle)
  return (
    <button
      type="button"
      className="icon-btn"
      aria-label={intl.formatMessage({ id: 'files.toolbar.details', defaultMessage: 'Details' })}
      aria-pressed={open}
      title={intl.formatMessage({
        id: 'files.toolbar.detailsTitle',
        defaultMessage: 'Details (Alt+Enter or Ctrl+I)',
      })}
      onClick={toggle}
    >
      <Icon name="file" />
    </button>
  )
}
