import { defineMessages } from '@formatjs/intl'
import type { ErrorValues, FiledockError } from '../../shared/errors.ts'
import { type ErrorMessage, translatedError } from '../../shared/i18n/error-text.ts'
import { hostWords } from './envelope.ts'
import type { HostProfile } from './host-profile.ts'
import { UPLOAD_OPERATION } from './multipart-upload.ts'

/**
 * The rules a host has shown about the files it takes (issue 19), checked before a file is sent so a refusal
 * costs no upload: a video-only host and any other file; a file larger than the storage the account has left,
 * as the host's account/info said. Each refusal says the host's rule in words.
 */

/** What video hosts of the family accept; a host's rule naming none of these still means videos. */
const VIDEO_NAME = /\.(mp4|m4v|mkv|avi|mov|webm|flv|wmv|mpe?g|3gp|ts|m2ts|vob|ogv|divx|rm|rmvb)$/i

/** Storage left as account/info said it, and when: a figure older than this is not trusted to refuse a file. */
const STORAGE_FRESH_MS = 60 * 60_000

export interface StorageLeft {
  bytes: number
  /** performance.now() when account/info answered it. */
  at: number
}

/** Refuses, before anything is sent, a file the host is known to refuse. */
export function refuseKnown(
  profile: Readonly<HostProfile>,
  storage: StorageLeft | undefined,
  name: string,
  size: number,
): void {
  if (profile.videoOnlyRule !== undefined && !VIDEO_NAME.test(name)) {
    throw refused(RULES.videoOnly, { name, words: profile.videoOnlyRule })
  }
  if (storage !== undefined && performance.now() - storage.at < STORAGE_FRESH_MS && size > storage.bytes) {
    throw refused(RULES.noRoom, { name, sizeBytes: size, leftBytes: storage.bytes })
  }
}

function refused(text: ErrorMessage, values: ErrorValues): FiledockError {
  return translatedError({ kind: 'invalid_input', operation: UPLOAD_OPERATION }, text, values)
}

/**
 * What a refusal's words teach: a rule about video files. Returns the patch to learn, or undefined. The words
 * are kept as the host wrote them (made safe), so the next refusal quotes the host.
 */
export function ruleOfRefusal(words: string, apiKey: string): HostProfile | undefined {
  if (!/\bvideos?\b/i.test(words) || !/\b(only|allowed|accept(ed|s)?|supported)\b/i.test(words))
    return undefined
  const rule = hostWords(words, apiKey)
  return rule === undefined ? undefined : { videoOnlyRule: rule }
}

/** The other key field, when a form keyed by `field` was refused in words that name the other one. */
export function otherKeyField(words: string, field: 'api_key' | 'key'): 'api_key' | 'key' | undefined {
  if (field === 'api_key' && /\bkey\b/i.test(words) && !/api_key/i.test(words)) return 'key'
  if (field === 'key' && /api_key/i.test(words)) return 'api_key'
  return undefined
}

/** The host's rule is quoted in its own words (`{words}`), never translated. */
const RULES = defineMessages({
  videoOnly: {
    id: 'errors.upload.videoOnly',
    defaultMessage: '{name} was not sent: this host takes only video files (it said: “{words}”).',
  },
  noRoom: {
    id: 'errors.upload.noRoom',
    defaultMessage:
      '{name} was not sent: it is {sizeBytes} and the account has {leftBytes} of storage left on the host (as its account information says).',
  },
})
