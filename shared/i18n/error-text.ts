import {
  createIntl,
  createIntlCache,
  defineMessages,
  type IntlShape,
  type MessageDescriptor,
} from '@formatjs/intl'
import { type ErrorValues, FiledockError, type FiledockErrorData } from '../errors.ts'
import { formatBytes } from '../format-bytes.ts'
import { causeKey, MAX_CAUSE_DEPTH } from './cause-values.ts'

/** A message of Filedock's own, written in the code (its defaultMessage is the English). */
export type ErrorMessage = MessageDescriptor & { id: string; defaultMessage: string }

/** What formats a message: react-intl's IntlShape in the window, @formatjs/intl's in main and the CLI. */
export interface MessageFormatter {
  readonly locale: string
  readonly messages: Record<string, unknown>
  formatMessage(descriptor: MessageDescriptor, values?: Record<string, string | number>): string
}

/**
 * Each API operation in the words a person uses for it, so no message shows an operation name
 * (`file/set_folder`): errors say what was being done ("while moving a file"). Unknown names (a newer host, a
 * typo in `filedock api`) are described generically rather than echoed. Not a value of the error: each language
 * words it from the error's `operation`, and it goes into the message as its `{action}`.
 */
const ACTIONS = defineMessages({
  'account/info': { id: 'errors.action.accountInfo', defaultMessage: 'reading the account' },
  'account/stats': { id: 'errors.action.accountStats', defaultMessage: 'reading the account statistics' },
  'upload/server': { id: 'errors.action.uploadServer', defaultMessage: 'preparing an upload' },
  // The form POST to the upload server (UPLOAD_OPERATION).
  'upload/file': { id: 'errors.action.uploadFile', defaultMessage: 'uploading a file' },
  'upload/url': { id: 'errors.action.uploadUrl', defaultMessage: 'uploading from a link' },
  'file/direct_link': { id: 'errors.action.directLink', defaultMessage: 'getting a direct link' },
  // A GET of the direct link from the file server (DOWNLOAD_OPERATION).
  'file/download': { id: 'errors.action.download', defaultMessage: 'downloading a file' },
  'file/info': { id: 'errors.action.fileInfo', defaultMessage: 'reading file details' },
  'file/list': { id: 'errors.action.fileList', defaultMessage: 'listing files' },
  'file/rename': { id: 'errors.action.fileRename', defaultMessage: 'renaming a file' },
  'file/clone': { id: 'errors.action.fileClone', defaultMessage: 'copying a file' },
  'file/set_folder': { id: 'errors.action.fileMove', defaultMessage: 'moving a file' },
  'files/deleted': { id: 'errors.action.deletedList', defaultMessage: 'listing deleted files' },
  'files/check': { id: 'errors.action.linkCheck', defaultMessage: 'checking links' },
  'folder/list': { id: 'errors.action.folderList', defaultMessage: 'listing folders' },
  'folder/create': { id: 'errors.action.folderCreate', defaultMessage: 'creating a folder' },
  'folder/rename': { id: 'errors.action.folderRename', defaultMessage: 'renaming a folder' },
  other: { id: 'errors.action.other', defaultMessage: 'talking to the host' },
})

function actionMessage(operation: string | undefined): ErrorMessage {
  const known = operation !== undefined && Object.hasOwn(ACTIONS, operation)
  return ACTIONS[known ? (operation as keyof typeof ACTIONS) : 'other']
}

/** The English words of an operation ("renaming a file"), for messages built in English only. */
export function actionOf(operation: string | undefined): string {
  return actionMessage(operation).defaultMessage
}

/**
 * What makes a message more than its own English: an argument, a plural's `#`, a tag, a quote (ICU's escape). A
 * message with none is written as it stands, with no intl: the queue words its fixed notes when it loads.
 */
const NEEDS_FORMATTING = /[{}#<']/

let madeEnglish: IntlShape | undefined

/**
 * Made at the first error worded, not when this module loads: creating an intl starts ICU (~20 ms), which a
 * command that fails at nothing (an upload that goes through) never needs.
 */
function englishIntl(): IntlShape {
  madeEnglish ??= createIntl(
    // English has no catalogue: each message's defaultMessage is its English, so "missing" is the design here.
    { locale: 'en', defaultLocale: 'en', messages: {}, onError: () => undefined },
    createIntlCache(),
  )
  return madeEnglish
}

/**
 * A FiledockError whose text exists in every language: `message` is the English (logs, `--json`), written from
 * the same message the window translates, so the two cannot drift apart.
 */
export function translatedError(
  data: Omit<FiledockErrorData, 'message' | 'messageId' | 'values'>,
  text: ErrorMessage,
  values: ErrorValues = {},
  options?: { cause?: unknown; sizeText?: SizeText | undefined },
): FiledockError {
  const message = NEEDS_FORMATTING.test(text.defaultMessage)
    ? englishIntl().formatMessage(text, {
        ...withSizes(values, options?.sizeText ?? ((bytes) => formatBytes(bytes))),
        action: actionOf(data.operation),
      })
    : text.defaultMessage
  return new FiledockError(
    { ...data, message, messageId: text.id, values },
    options?.cause === undefined ? undefined : { cause: options.cause },
  )
}

/**
 * What carries words from main: an error, or a problem that is not one (a pause's reason, a file a drop left
 * out: core/queue/problem-text.ts), each with its English and, when it has one, its message id and values.
 */
export type WordedText = Pick<FiledockErrorData, 'message'> &
  Partial<Pick<FiledockErrorData, 'kind' | 'messageId' | 'values' | 'operation'>>

/** How a reader writes a size: the window's formatSize (its units setting), main's formatBytes in its locale. */
export type SizeText = (bytes: number) => string

/**
 * Sizes travel as numbers in values whose name ends in `Bytes` (`{fileBytes}` in a message) and are written
 * where the message is read, in the reader's digits and units: a size formatted in main would reach an Arabic or
 * a German window in English digits, and in the other unit system than the window's setting.
 */
function withSizes(values: ErrorValues, sizeText: SizeText): ErrorValues {
  const out: ErrorValues = { ...values }
  for (const [name, value] of Object.entries(values))
    if (name.endsWith('Bytes') && typeof value === 'number') out[name] = sizeText(value)
  return out
}

/**
 * A Filedock error in the reader's language: its message formatted from the catalogue when the error has one
 * and the catalogue knows it (an error from an older or newer main may not), else its English `message`.
 */
export function errorText(
  intl: MessageFormatter,
  error: WordedText,
  sizeText: SizeText = (bytes) => formatBytes(bytes, 'decimal', intl.locale),
): string {
  const id = error.messageId
  if (id === undefined || !Object.hasOwn(intl.messages, id)) return error.message
  const values = withSizes(error.values ?? {}, sizeText)
  // An error that wraps others ("Gave up after 5 attempts. …", "Indexing stopped: …") carries each one's id,
  // operation and English a level apart (shared/i18n/cause-values.ts): its `{cause}` is worded in this language
  // too, and that cause's own, down the chain.
  const cause = causeText(intl, values, 1, error.operation)
  return format(intl, id, {
    ...values,
    action: actionText(intl, error.operation),
    ...(cause === undefined ? {} : { cause }),
  })
}

/** Put where a cause's own `{cause}` goes when its words are not there, to see whether its message needs them. */
const NO_CAUSE = '\u0000'

/**
 * The failure `depth` levels down the chain in the reader's language: from its id when the catalogue knows it,
 * else its English, which holds the English of everything under it. The values are flat data and each level
 * is read once, deeper each time, so the walk ends (at MAX_CAUSE_DEPTH at the latest); undefined: no such cause.
 */
function causeText(
  intl: MessageFormatter,
  values: ErrorValues,
  depth: number,
  outerOperation: string | undefined,
): string | undefined {
  const english = values[causeKey(depth)]
  const id = values[causeKey(depth, 'Id')]
  if (depth > MAX_CAUSE_DEPTH || typeof id !== 'string' || !Object.hasOwn(intl.messages, id))
    return english === undefined ? undefined : String(english)
  // A cause stored without its operation (before causes carried one) takes the action of the error around it.
  const operation = values[causeKey(depth, 'Operation')]
  const own = typeof operation === 'string' ? operation : outerOperation
  const deeper = causeText(intl, values, depth + 1, own)
  const text = format(intl, id, { ...values, action: actionText(intl, own), cause: deeper ?? NO_CAUSE })
  // A chain stored before its levels were kept apart lost the words under this cause: its English still says
  // them, where the catalogue's text would have a hole (or, as before, this cause's English inside its own).
  return deeper === undefined && text.includes(NO_CAUSE) ? String(english ?? '') : text
}

function actionText(intl: MessageFormatter, operation: string | undefined): string {
  return intl.formatMessage(actionMessage(operation))
}

function format(intl: MessageFormatter, id: string, values: ErrorValues): string {
  // A descriptor by variable: its id comes from the error, not from a literal the extractor could read.
  const stored: MessageDescriptor = { id }
  return intl.formatMessage(stored, values)
}
