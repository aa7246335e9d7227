#!/usr/bin/env bash
#! Installs what `cargo xtask fuzz` needs: the nightly toolchain's cargo-fuzz.
# cargo-fuzz builds with nightly (sanitizer flags), but installs with any toolchain.
set -euo pipefail
if ! rustup toolchain list | grep -q '^nightly'; then
    rustup toolchain install nightly --profile minimal
fi
if ! cargo fuzz --version >/dev/null 2>&1; then
    cargo install cargo-fuzz --locked
fi
cargo fuzz --version
