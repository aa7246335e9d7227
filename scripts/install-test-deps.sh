#!/usr/bin/env bash
# Installs what the tests need beyond Rust: Debian's chromium and chromium-driver, for the
# studio's headless-browser test (crates/studio/tests/browser.rs). Idempotent and quiet: it
# does nothing when both are present. Called by .ci/run before the tests.
set -euo pipefail

if command -v chromium >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1; then
    exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "install-test-deps: no apt-get here; install chromium and chromedriver by hand" >&2
    exit 1
fi
sudo=""
if [ "$(id -u)" -ne 0 ]; then
    sudo="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq >/dev/null
$sudo apt-get install -y -qq --no-install-recommends chromium chromium-driver >/dev/null
command -v chromium >/dev/null && command -v chromedriver >/dev/null
