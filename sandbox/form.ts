import type { IncomingMessage } from 'node:http'
import busboy from 'busboy'
import { badParam } from './envelope.ts'

/** Fields of a POSTed form (urlencoded or multipart; file parts are drained and ignored). */
export function readForm(req: IncomingMessage, maxFields: number): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy
    try {
      parser = busboy({
        headers: req.headers,
        defParamCharset: 'utf8',
        limits: { fields: maxFields, fieldSize: 64 * 1024 },
      })
    } catch {
      reject(badParam('Expected a form body (application/x-www-form-urlencoded or multipart/form-data)'))
      return
    }
    const form = new URLSearchParams()
    let tooMany = false
    parser.on('field', (name, value) => form.append(name, value))
    parser.on('file', (_name, stream) => stream.resume())
    parser.on('fieldsLimit', () => {
      tooMany = true
    })
    parser.on('error', (err) => reject(badParam(`Malformed form body: ${(err as Error).message}`)))
    parser.on('close', () =>
      tooMany ? reject(badParam(`Too many form fields: at most ${maxFields}`)) : resolve(form),
    )
    req.pipe(parser)
  })
}
