import type { ServerResponse } from 'node:http'
import { pageSecurityHeaders } from '../shared/page-headers.ts'
import { allowedHosts } from './origin.ts'

/** Sent with every answer, pages and errors alike: the pages' headers (shared with Electron's window). */
export function setSecurityHeaders(res: ServerResponse, port: number): void {
  const sockets = allowedHosts(port).map((host) => `ws://${host}`)
  for (const [name, value] of Object.entries(pageSecurityHeaders(sockets))) res.setHeader(name, value)
}

export function sendText(res: ServerResponse, port: number, status: number, text: string): void {
  setSecurityHeaders(res, port)
  res.statusCode = status
  res.setHeader('Content-Type', 'text/plain; charset=utf-8')
  res.setHeader('Cache-Control', 'no-store')
  res.end(`${text}\n`)
}
