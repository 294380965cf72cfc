import { connect } from 'node:net'
import { afterEach, expect, it } from 'vitest'
import { openSandbox, type TestSandbox } from './test-support.ts'

let t: TestSandbox | undefined
afterEach(async () => {
  await t?.stop()
  t = undefined
})

it('an upload whose client vanished during injected latency settles, so close() does not hang', async () => {
  t = await openSandbox({ faults: { latencyMs: 200 } })
  const sb = t.sb
  const url = new URL(sb.baseUrl)
  const socket = connect(Number(url.port), '127.0.0.1', () => {
    socket.write(
      'POST /cgi-bin/upload.cgi?upload_type=file HTTP/1.1\r\nHost: x\r\n' +
        'Content-Type: multipart/form-data; boundary=b\r\nContent-Length: 1000\r\n\r\n--b\r\n',
    )
    setTimeout(() => socket.destroy(), 50)
  })
  // Past the latency, so the route runs for a request whose socket is already closed.
  await new Promise((resolve) => setTimeout(resolve, 400))
  // A route left unsettled would keep close() waiting until the test's time-out.
  await expect(sb.close()).resolves.toBeUndefined()
  t = undefined
})
