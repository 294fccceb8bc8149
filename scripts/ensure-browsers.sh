#!/usr/bin/env bash
# Makes sure the browser engines of the browser tests are installed, as Debian packages them:
#   chromium  Chromium at /usr/bin/chromium (or $CHROME_PATH)
#   firefox   Firefox ESR at /usr/bin/firefox-esr (or $FIREFOX_PATH)
#   webkit    WebKitGTK (Safari's engine): its MiniBrowser, WebKitWebDriver, and Xvfb for a display
# As root it installs what is missing with apt; otherwise it says how. Prints each engine's version.
# Usage: bash scripts/ensure-browsers.sh [chromium] [firefox] [webkit]   (default: all three)
set -euo pipefail
engines=("$@")
[ ${#engines[@]} -gt 0 ] || engines=(chromium firefox webkit)
for engine in "${engines[@]}"; do
  case "$engine" in
    chromium | firefox | webkit) ;;
    *) echo "unknown engine: $engine (chromium, firefox, webkit)" >&2; exit 2 ;;
  esac
done

case "$(uname -m)" in
  aarch64) triplet=aarch64-linux-gnu ;;
  *) triplet=x86_64-linux-gnu ;;
esac
chromium="${CHROME_PATH:-/usr/bin/chromium}"
firefox="${FIREFOX_PATH:-/usr/bin/firefox-esr}"
minibrowser="${WEBKIT_BROWSER_PATH:-/usr/lib/$triplet/webkit2gtk-4.1/MiniBrowser}"
driver="${WEBKIT_DRIVER_PATH:-WebKitWebDriver}"

# The Debian packages an engine needs, when a file of it is missing.
missing_packages() {
  case "$1" in
    chromium) [ -x "$chromium" ] || [ -n "${CHROME_PATH:-}" ] || echo chromium ;;
    firefox) [ -x "$firefox" ] || [ -n "${FIREFOX_PATH:-}" ] || echo firefox-esr ;;
    webkit)
      { [ -x "$minibrowser" ] && command -v "$driver" >/dev/null; } || echo webkit2gtk-driver
      command -v Xvfb >/dev/null || echo xvfb ;;
  esac
}

packages=()
for engine in "${engines[@]}"; do
  while read -r package; do [ -n "$package" ] && packages+=("$package"); done < <(missing_packages "$engine")
done
if [ ${#packages[@]} -gt 0 ] && [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "browsers: installing Debian's ${packages[*]} with apt-get"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${packages[@]}" >/dev/null
fi

status=0
for engine in "${engines[@]}"; do
  case "$engine" in
    chromium)
      if [ -x "$chromium" ]; then echo "chromium: $("$chromium" --version 2>/dev/null || echo "$chromium")"
      else echo "chromium: not found at $chromium. Install it (Debian: sudo apt-get install chromium) or set CHROME_PATH to a Chromium binary." >&2; status=1; fi ;;
    firefox)
      if [ -x "$firefox" ]; then echo "firefox: $("$firefox" --version 2>/dev/null || echo "$firefox")"
      else echo "firefox: not found at $firefox. Install it (Debian: sudo apt-get install firefox-esr) or set FIREFOX_PATH to a Firefox binary." >&2; status=1; fi ;;
    webkit)
      if [ -x "$minibrowser" ] && command -v "$driver" >/dev/null && command -v Xvfb >/dev/null; then
        version=$(dpkg-query -W -f '${Version}' "libwebkit2gtk-4.1-0" 2>/dev/null || true)
        echo "webkit: WebKitGTK ${version%%-*} (MiniBrowser through WebKitWebDriver, on Xvfb)"
      else
        echo "webkit: needs $minibrowser, WebKitWebDriver and Xvfb. Install them (Debian: sudo apt-get install webkit2gtk-driver xvfb) or set WEBKIT_BROWSER_PATH and WEBKIT_DRIVER_PATH." >&2; status=1
      fi ;;
  esac
done
exit "$status"
