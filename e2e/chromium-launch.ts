/**
 * How the tests and the benchmarks start Chromium: Debian's (Playwright's own download needs the network;
 * CHROMIUM_PATH points elsewhere), headless, with nothing that reaches out to the network, which is closed here
 * and refuses such connections many at a time.
 */
export const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
}
