import { defineMessages, type IntlShape } from 'react-intl'
import type { LinksReadyEvent } from '../../../../shared/ipc/queue-events.ts'
import { descriptors } from '../../i18n/descriptors.ts'

/** How the finished card presents itself: what went wrong decides before what went well. */
export type FinishedTone = 'done' | 'errors' | 'cancelled'

export interface FinishedSummary {
  title: string
  tone: FinishedTone
  /** One sentence whose numbers add up to what was dropped: uploaded + already there + failed + cancelled. */
  text: string
}

const m = descriptors(
  defineMessages({
    uploaded: {
      id: 'upload.finished.uploaded',
      defaultMessage: '{count, plural, one {# file uploaded} other {# files uploaded}}',
    },
    thereOnly: {
      id: 'upload.finished.thereOnly',
      defaultMessage:
        '{count, plural, one {# file already there, not sent again} other {# files already there, not sent again}}',
    },
    there: { id: 'upload.finished.there', defaultMessage: '{count, number} already there' },
    failed: {
      id: 'upload.finished.failed',
      defaultMessage:
        '{count, plural, one {# file failed — see the queue} other {# files failed — see the queue}}',
    },
    cancelledOnly: {
      id: 'upload.finished.cancelledOnly',
      defaultMessage:
        '{count, plural, one {# upload cancelled, nothing sent} other {# uploads cancelled, nothing sent}}',
    },
    cancelled: { id: 'upload.finished.cancelled', defaultMessage: '{count, number} cancelled' },
    nothing: { id: 'upload.finished.nothing', defaultMessage: 'Nothing was sent' },
    text: {
      id: 'upload.finished.text',
      defaultMessage: '{drops, plural, one {{parts}.} other {{parts} (# uploads).}}',
    },
    copiedOne: { id: 'upload.finished.copiedOne', defaultMessage: 'The links are on the clipboard.' },
    copiedLast: {
      id: 'upload.finished.copiedLast',
      defaultMessage: 'The last upload’s links are on the clipboard.',
    },
    sentences: { id: 'upload.finished.sentences', defaultMessage: '{first} {second}' },
    titleErrors: { id: 'upload.finished.titleErrors', defaultMessage: 'Upload finished with errors' },
    titleCancelled: { id: 'upload.finished.titleCancelled', defaultMessage: 'Upload cancelled' },
    titleThere: { id: 'upload.finished.titleThere', defaultMessage: 'Already there, nothing sent' },
    titleDone: { id: 'upload.finished.titleDone', defaultMessage: 'Upload finished' },
  }),
)

/**
 * The one card's words for every batch finished since the user last looked (`batches`, newest first). Each
 * upload of those drops is counted once, as what became of it; a drop of which every upload was cancelled sent
 * nothing, and says so, not "0 files uploaded" under a check mark. The parts are one list in the locale's way
 * of listing ("a, b, c" in English).
 */
export function finishedSummary(intl: IntlShape, batches: readonly LinksReadyEvent[]): FinishedSummary {
  const say = intl.formatMessage
  let uploaded = 0
  let there = 0
  let failed = 0
  let cancelled = 0
  for (const b of batches) {
    const already = b.alreadyThere ?? 0
    uploaded += b.files - already
    there += already
    failed += b.failed
    cancelled += b.cancelled ?? 0
  }
  const parts: string[] = []
  if (uploaded > 0) parts.push(say(m.uploaded, { count: uploaded }))
  if (there > 0) parts.push(say(uploaded === 0 ? m.thereOnly : m.there, { count: there }))
  if (failed > 0) parts.push(say(m.failed, { count: failed }))
  if (cancelled > 0) parts.push(say(parts.length === 0 ? m.cancelledOnly : m.cancelled, { count: cancelled }))
  if (parts.length === 0) parts.push(say(m.nothing))
  const text = say(m.text, {
    parts: intl.formatList(parts, { type: 'unit', style: 'short' }),
    drops: batches.length,
  })
  const copied = !batches[0]?.copied ? null : say(batches.length === 1 ? m.copiedOne : m.copiedLast)
  const tone: FinishedTone =
    failed > 0 ? 'errors' : uploaded + there === 0 && cancelled > 0 ? 'cancelled' : 'done'
  // A drop that found everything on the host already sent nothing: its title says so, its links are still there.
  const title =
    tone === 'errors'
      ? m.titleErrors
      : tone === 'cancelled'
        ? m.titleCancelled
        : uploaded === 0 && there > 0
          ? m.titleThere
          : m.titleDone
  return {
    title: say(title),
    tone,
    text: copied === null ? text : say(m.sentences, { first: text, second: copied }),
  }
}
