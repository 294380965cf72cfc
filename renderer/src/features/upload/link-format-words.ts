import { defineMessages } from 'react-intl'
import type { LinkFormat } from '../../../../shared/links.ts'

/** Names a person picks a link format by (the queue's controls and the finished card). */
export const linkFormatWords = defineMessages<LinkFormat>({
  page: { id: 'upload.linkFormat.page', defaultMessage: 'Page links' },
  direct: { id: 'upload.linkFormat.direct', defaultMessage: 'Direct links' },
  plain: { id: 'upload.linkFormat.plain', defaultMessage: 'Names and links' },
  html: { id: 'upload.linkFormat.html', defaultMessage: 'HTML' },
  markdown: { id: 'upload.linkFormat.markdown', defaultMessage: 'Markdown' },
  bbcode: { id: 'upload.linkFormat.bbcode', defaultMessage: 'BBCode (forums)' },
})
