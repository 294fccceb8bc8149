#!/usr/bin/env bash
# Makes sure Debian's Chromium is at /usr/bin/chromium (or at $CHROME_PATH) for the browser tests.
# As root it installs it with apt; otherwise it says how.
set -euo pipefail
browser="${CHROME_PATH:-/usr/bin/chromium}"
if [ ! -x "$browser" ] && [ -z "${CHROME_PATH:-}" ] && [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "chromium: installing Debian's chromium with apt-get"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium >/dev/null
fi
if [ -x "$browser" ]; then
  echo "chromium: $("$browser" --version 2>/dev/null || echo "$browser")"
  exit 0
fi
echo "chromium: not found at $browser. Install it (Debian: sudo apt-get install chromium) or set CHROME_PATH to a Chromium binary." >&2
exit 1
