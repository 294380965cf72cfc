'use strict'
// What core/api takes from undici (request and Agent), for the CLI bundle only: scripts/build-cli.mjs points
// `undici` here. undici's index loads all of undici (fetch, WebSocket, caches, mocks: ~520 KB minified); the CLI
// uses one agent and `request`, and loading only those saves ~4 MiB of every command's memory (measured with
// GNU time's %M on `filedock upload`). The files are undici's own; cli/built.test.ts and every CLI test run the
// bundle, so an undici update that moves them fails there, not at a user's.
const Agent = require('undici/lib/dispatcher/agent')
const apiRequest = require('undici/lib/api/api-request')
const { parseURL } = require('undici/lib/core/util')

/** undici's `request(url, opts)` (index.js makeDispatcher) for what core/api passes: a URL and a dispatcher. */
function request(url, opts) {
  if (!opts?.dispatcher) throw new TypeError('filedock: request() needs its dispatcher')
  const u = parseURL(url)
  return apiRequest.call(opts.dispatcher, {
    ...opts,
    origin: u.origin,
    path: u.search ? `${u.pathname}${u.search}` : u.pathname,
    method: opts.method || (opts.body ? 'PUT' : 'GET'),
  })
}

module.exports = { Agent, request }
