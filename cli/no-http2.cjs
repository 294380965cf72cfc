'use strict'
// What undici's HTTP/2 client gets for `require('node:http2')` in the CLI bundle (scripts/build-cli.mjs): no
// dispatcher of ours allows HTTP/2 (core/net/dispatchers.ts), and loading node:http2 (with node:tls, which it
// needs) cost every command ~5 MiB of memory (GNU time's %M of `filedock download`). undici loads it inside a
// try/catch for Node builds without HTTP/2 and goes on with HTTP/1.1 when it throws, as here.
throw new Error('filedock: HTTP/2 is not used by the command line')
