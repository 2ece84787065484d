#!/usr/bin/env bash
# Prints the path of a Chromium binary for the browser tests and the inspector's screenshots,
# installing Debian's `chromium` first when none is on the PATH, and the CJK font the Chinese
# pages need (`fonts-noto-cjk`) when fontconfig knows no font for Chinese.
#
# Usage:
#   path=$(scripts/chromium.sh)        # prints only the binary's path on stdout
#   scripts/chromium.sh --dry-run      # says what it would install, installs nothing
#
# LGM_CHROMIUM, when set to an executable, is taken as is. Installing runs apt-get
# non-interactively, through sudo when not root. Everything other than the path goes to stderr.
set -euo pipefail

log() { echo "$*" >&2; }
die() { echo "chromium.sh: $*" >&2; exit 1; }

dry_run=0
case "${1:-}" in
  "") ;;
  --dry-run) dry_run=1 ;;
  *) echo "usage: chromium.sh [--dry-run]" >&2; exit 2 ;;
esac

find_chromium() {
  if [ -n "${LGM_CHROMIUM:-}" ] && [ -x "$LGM_CHROMIUM" ]; then
    echo "$LGM_CHROMIUM"
    return 0
  fi
  local name
  for name in chromium chromium-browser; do
    if command -v "$name" >/dev/null 2>&1; then
      command -v "$name"
      return 0
    fi
  done
  return 1
}

packages=()
chromium_path=$(find_chromium) || packages+=(chromium)
if ! command -v fc-list >/dev/null 2>&1 || [ -z "$(fc-list :lang=zh 2>/dev/null)" ]; then
  packages+=(fonts-noto-cjk)
fi

if [ "${#packages[@]}" -eq 0 ]; then
  [ "$dry_run" -eq 1 ] && log "chromium.sh: nothing to install ($chromium_path; a CJK font is present)"
  echo "$chromium_path"
  exit 0
fi

sudo=()
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null 2>&1 || die "not root and no sudo: install ${packages[*]} by hand"
  sudo=(sudo)
fi

if [ "$dry_run" -eq 1 ]; then
  log "chromium.sh: would run: ${sudo[*]:+${sudo[*]} }apt-get update"
  log "chromium.sh: would run: ${sudo[*]:+${sudo[*]} }apt-get install -y --no-install-recommends ${packages[*]}"
  [ -n "${chromium_path:-}" ] && echo "$chromium_path"
  exit 0
fi

log "== apt-get install ${packages[*]}"
"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update >&2
"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${packages[@]}" >&2

chromium_path=$(find_chromium) || die "apt-get installed chromium, yet no chromium on the PATH"
echo "$chromium_path"
