#!/usr/bin/env bash
# Installs what the tests need beyond Rust, from Debian's packages: chromium and
# chromium-driver for the studio's headless-browser test (crates/studio/tests/browser.rs), and
# slurm-wlm and munge for the test of the guide's Slurm recipe (crates/cli/tests/slurm.rs,
# whose single-node cluster scripts/start-slurm.sh starts). Idempotent and quiet: it does
# nothing when all are present. Called by .ci/run before the tests.
set -euo pipefail

present() {
    for tool in chromium chromedriver sbatch slurmctld slurmd munged; do
        command -v "$tool" >/dev/null 2>&1 || return 1
    done
}
if present; then
    exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "install-test-deps: no apt-get here; install chromium, chromium-driver, slurm-wlm and munge by hand" >&2
    exit 1
fi
sudo=""
if [ "$(id -u)" -ne 0 ]; then
    sudo="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq >/dev/null
$sudo apt-get install -y -qq --no-install-recommends \
    chromium chromium-driver slurm-wlm munge >/dev/null
present
