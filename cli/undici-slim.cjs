'use strict'
// What core/api and core/net take from undici (request, Agent, the proxy agents), for the CLI bundle only: scripts/build-cli.mjs points
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
// The proxy agents (core/net/dispatchers.ts), loaded only when a proxy is set: esbuild wraps each module in a
// function run on its first require, so a run without a proxy pays nothing for them.
Object.defineProperty(module.exports, 'ProxyAgent', {
  enumerable: true,
  get: () => {
    // The proxy agent opens its tunnel with `client.connect()`, one of the methods undici's index puts on every
    // dispatcher (index.js: Object.assign(Dispatcher.prototype, api)); only that one is added here.
    const Dispatcher = require('undici/lib/dispatcher/dispatcher')
    Dispatcher.prototype.connect ??= require('undici/lib/api/api-connect')
    return require('undici/lib/dispatcher/proxy-agent')
  },
})
Object.defineProperty(module.exports, 'Socks5ProxyAgent', {
  enumerable: true,
  get: () => require('undici/lib/dispatcher/socks5-proxy-agent'),
})
