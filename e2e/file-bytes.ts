import { crc32, deflateSync } from 'node:zlib'
import type { Page } from '@playwright/test'
import type { SandboxRef } from '../sandbox/testing/api-calls.ts'

/** Files of real formats, made small in the test, for what a browser must decode (thumbnails, Quick Look). */

/** A real PNG of w×h pixels of one colour, so a browser decodes it (a thumbnail is an image, not just a URL). */
export function png(w: number, h: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const len = Buffer.alloc(4)
    len.writeUInt32BE(data.length)
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([len, body, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(w, 0)
  header.writeUInt32BE(h, 4)
  header.set([8, 2, 0, 0, 0], 8) // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(w * 3, Buffer.from([220, 60, 90]))])
  const pixels = deflateSync(Buffer.concat(Array.from({ length: h }, () => row)))
  const signature = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10])
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** Uploads bytes as they are (the shared helper sends text). Returns the file code. */
export async function uploadBytes(sb: SandboxRef, name: string, bytes: Buffer): Promise<string> {
  // upload/server answers sess_id beside result, not inside it, so apiGet does not fit.
  const server = (await (await fetch(`${sb.baseUrl}/api/upload/server?key=${sb.apiKey}`)).json()) as {
    sess_id: string
    result: string
  }
  const form = new FormData()
  form.set('sess_id', server.sess_id)
  form.set('utype', 'prem')
  form.set('file_0', new Blob([new Uint8Array(bytes)]), name)
  const res = await fetch(server.result, { method: 'POST', body: form })
  const answer = (await res.json()) as Array<{ file_code: string }>
  const code = answer[0]?.file_code
  if (!res.ok || !code) throw new Error(`upload of ${name} failed: ${res.status}`)
  return code
}

/** A one-page PDF saying `text` (Helvetica, no compression), with a correct cross-reference table. */
export function pdf(text: string): Buffer {
  const stream = `BT /F1 24 Tf 40 100 Td (${text}) Tj ET`
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]
  let out = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((body, i) => {
    offsets.push(out.length)
    out += `${i + 1} 0 obj\n${body}\nendobj\n`
  })
  const xref = out.length
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const at of offsets) out += `${String(at).padStart(10, '0')} 00000 n \n`
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(out, 'latin1')
}

/**
 * A seekable WebM video (VP8, 160×90, its colour changing every frame) of about `ms` milliseconds, recorded by
 * the browser of `page` from a canvas: no encoder needs to be installed. Chromium's recorder writes the duration
 * and cues, so a player can seek in it.
 */
export async function recordWebm(page: Page, ms: number): Promise<Buffer> {
  const base64 = await page.evaluate(async (length) => {
    const canvas = document.createElement('canvas')
    canvas.width = 160
    canvas.height = 90
    const g = canvas.getContext('2d')
    if (!g) throw new Error('no 2d canvas')
    const recorder = new MediaRecorder(canvas.captureStream(25), { mimeType: 'video/webm;codecs=vp8' })
    const chunks: Blob[] = []
    recorder.ondataavailable = (e) => chunks.push(e.data)
    let frame = 0
    const paint = () => {
      g.fillStyle = `hsl(${(frame++ * 20) % 360} 80% 50%)`
      g.fillRect(0, 0, 160, 90)
    }
    paint()
    const timer = setInterval(paint, 40)
    const stopped = new Promise((resolve) => {
      recorder.onstop = resolve
    })
    recorder.start()
    await new Promise((resolve) => setTimeout(resolve, length))
    recorder.stop()
    await stopped
    clearInterval(timer)
    const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer())
    let raw = ''
    for (const b of bytes) raw += String.fromCharCode(b)
    return btoa(raw)
  }, ms)
  return Buffer.from(base64, 'base64')
}

/** A WAV of `seconds` of a 440 Hz tone (16-bit mono, 44.1 kHz: 88 KB a second), which a player seeks by byte. */
export function wav(seconds: number): Buffer {
  const rate = 44_100
  const samples = Math.round(seconds * rate)
  const out = Buffer.alloc(44 + samples * 2)
  out.write('RIFF', 0, 'latin1')
  out.writeUInt32LE(36 + samples * 2, 4)
  out.write('WAVEfmt ', 8, 'latin1')
  out.writeUInt32LE(16, 16)
  out.writeUInt16LE(1, 20) // PCM
  out.writeUInt16LE(1, 22) // mono
  out.writeUInt32LE(rate, 24)
  out.writeUInt32LE(rate * 2, 28)
  out.writeUInt16LE(2, 32)
  out.writeUInt16LE(16, 34)
  out.write('data', 36, 'latin1')
  out.writeUInt32LE(samples * 2, 40)
  for (let i = 0; i < samples; i++)
    out.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate)), 44 + i * 2)
  return out
}
