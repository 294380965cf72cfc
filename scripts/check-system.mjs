// Names exactly which system packages the test suite is missing, before anything slow starts.
import { accessSync, constants } from 'node:fs'
import { delimiter, join } from 'node:path'

const onPath = (bin) =>
  (process.env.PATH ?? '').split(delimiter).some((dir) => {
    try {
      accessSync(join(dir, bin), constants.X_OK)
      return true
    } catch {
      return false
    }
  })

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const needs = [
  {
    ok: (() => {
      try {
        accessSync(chromium, constants.X_OK)
        return true
      } catch {
        return false
      }
    })(),
    pkg: 'chromium',
    why: `a browser at ${chromium} (or set CHROMIUM_PATH)`,
  },
  {
    ok: onPath('gnome-keyring-daemon'),
    pkg: 'gnome-keyring',
    why: 'a Secret Service for the keychain tests',
  },
  { ok: onPath('dbus-run-session'), pkg: 'dbus', why: 'a private session bus for the keychain tests' },
]
const missing = needs.filter((n) => !n.ok)
if (missing.length > 0) {
  console.error('The test suite needs system packages that are missing:')
  for (const m of missing) console.error(`  ${m.pkg}: ${m.why}`)
  console.error(
    `Install them with: bash scripts/install-system-deps.sh   (Debian/Ubuntu: apt-get install ${missing.map((m) => m.pkg).join(' ')})`,
  )
  process.exit(1)
}
