#!/usr/bin/env bash
# The browsers the end-to-end and cross-browser tests drive, from Debian (Playwright cannot download
# its own on this network): Chromium for tests/e2e, Firefox ESR and WebKitGTK's WebDriver for
# tests/browsers (docs/guides/testing.md, "Cross-browser smoke"). WebKitGTK's MiniBrowser is a GTK 3 program with no
# headless mode, so it runs in a virtual X server (Xvfb; tests/browsers/engines.ts starts it). And
# xmllint (libxml2-utils), which validates the CAP documents against the CAP 1.2 schema
# (tests/helpers/cap-schema.ts).
# Installs only what is missing, quietly; needs root, as CI and the developers' machines have.
set -euo pipefail

missing=()
command -v chromium >/dev/null || missing+=(chromium)
command -v firefox-esr >/dev/null || missing+=(firefox-esr)
command -v WebKitWebDriver >/dev/null || missing+=(webkit2gtk-driver)
command -v Xvfb >/dev/null || missing+=(xvfb)
command -v xmllint >/dev/null || missing+=(libxml2-utils)

if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi
