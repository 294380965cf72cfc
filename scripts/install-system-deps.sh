#!/usr/bin/env bash
# Installs the Debian/Ubuntu packages the test suite and benchmarks need:
#   chromium       real browser for the Playwright end-to-end tests (npx playwright install cannot download one offline)
#   gnome-keyring  a real Secret Service, so the keychain tests use the backend a Linux desktop uses
#   dbus           dbus-run-session gives those tests a private session bus
#   curl           the baseline the upload benchmark compares against
#   time           GNU time: the benchmarks read each command's peak RSS from it (/usr/bin/time -f %M)
#   xvfb           xvfb-run: a display for `npm run test:electron` where there is none
set -euo pipefail
packages=(chromium gnome-keyring dbus curl time xvfb ca-certificates fonts-dejavu-core)
sudo=''
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "Run as root, or install: ${packages[*]}" >&2; exit 1; }
  sudo='sudo'
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -q
$sudo apt-get install -y -q --no-install-recommends "${packages[@]}"
