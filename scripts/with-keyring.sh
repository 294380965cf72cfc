#!/usr/bin/env bash
# Runs a command with a real, unlocked Secret Service (gnome-keyring) on a private D-Bus session bus, so the
# keychain tests talk to the same backend a Linux desktop uses. Call it under dbus-run-session.
set -euo pipefail
if [ -z "${DBUS_SESSION_BUS_ADDRESS:-}" ]; then
  exec dbus-run-session -- "$0" "$@"
fi
export XDG_DATA_HOME="${XDG_DATA_HOME:-$(mktemp -d)}"
# The login keyring is created and unlocked with a throwaway password read from stdin.
eval "$(printf 'filedock-test' | gnome-keyring-daemon --unlock --components=secrets)"
export GNOME_KEYRING_CONTROL
exec "$@"
