#!/usr/bin/env bash
# Starts a single-node Slurm cluster on this machine (Debian's slurm-wlm and munge, installed by
# scripts/install-test-deps.sh) for the test of the guide's job-array recipe
# (crates/cli/tests/slurm.rs). Idempotent: a cluster already answering is left as it is.
# Needs root: it writes /etc/slurm/slurm.conf and starts munged, slurmctld and slurmd.
set -euo pipefail

for tool in munged slurmctld slurmd sinfo; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "start-slurm: $tool is missing; run scripts/install-test-deps.sh" >&2
        exit 1
    fi
done
if [ "$(id -u)" -ne 0 ]; then
    echo "start-slurm: must run as root (it writes /etc/slurm and starts daemons)" >&2
    exit 1
fi

if sinfo -h -o '%T' 2>/dev/null | grep -qx 'idle\|mixed\|allocated'; then
    exit 0
fi

node=$(hostname -s)
cpus=$(nproc)
# What slurmd reports, less a margin, so the node is not drained for having less memory.
memory=$(awk '/MemTotal/ { print int($2 / 1024 * 0.9) }' /proc/meminfo)

mkdir -p /etc/slurm /var/lib/slurm/slurmctld /var/lib/slurm/slurmd /var/log/slurm /run/munge
cat > /etc/slurm/slurm.conf <<CONF
# A single-node cluster for tests: the controller and the only compute node are this machine.
ClusterName=maze-test
SlurmctldHost=${node}(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
ReturnToService=2
StateSaveLocation=/var/lib/slurm/slurmctld
SlurmdSpoolDir=/var/lib/slurm/slurmd
SlurmctldPidFile=/run/slurmctld.pid
SlurmdPidFile=/run/slurmd.pid
SlurmctldLogFile=/var/log/slurm/slurmctld.log
SlurmdLogFile=/var/log/slurm/slurmd.log
NodeName=${node} NodeAddr=127.0.0.1 CPUs=${cpus} RealMemory=${memory} State=UNKNOWN
PartitionName=test Nodes=${node} Default=YES MaxTime=INFINITE State=UP
CONF

chown munge:munge /run/munge
if ! pgrep -x munged >/dev/null; then
    if [ ! -s /etc/munge/munge.key ]; then
        dd if=/dev/urandom of=/etc/munge/munge.key bs=1024 count=1 status=none
        chown munge:munge /etc/munge/munge.key
        chmod 400 /etc/munge/munge.key
    fi
    runuser -u munge -- munged
fi
pgrep -x slurmctld >/dev/null || slurmctld
pgrep -x slurmd >/dev/null || slurmd

for _ in $(seq 1 60); do
    if sinfo -h -o '%T' 2>/dev/null | grep -qx 'idle\|mixed\|allocated'; then
        exit 0
    fi
    sleep 1
done
echo "start-slurm: the node did not come up; see /var/log/slurm/" >&2
sinfo >&2 || true
exit 1
