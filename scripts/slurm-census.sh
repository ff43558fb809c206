#!/usr/bin/env bash
# A census through a real Slurm job array, checked against the same census
# run unsharded.
#
#   scripts/slurm-census.sh [KLONDIKE [A..B [CENSUS OPTIONS...]]]
#
# Installs Debian's slurm-wlm and munge where they are missing (apt-get, as
# root), starts a one-node cluster of this machine in a scratch folder
# (munged, slurmctld and slurmd in the foreground, on ports of their own on
# the loopback), submits scripts/census-array.sbatch (4 tasks, shard K/4
# each, into one shared folder), waits for it, counts the shards' files with
# `klondike census --only A..B`, and checks that the table is the one an
# unsharded `klondike census --games A..B` gives, but for the time columns.
# The daemons and anything left of the job are stopped on exit, failure
# included; leftovers of an earlier run that was killed are stopped first.
#
# Defaults: target/release/klondike, games 1..200, draw 1 and 3 with
# unlimited passes and foundation-to-tableau moves, bounded by states (so
# that the verdicts are the same in both runs, whatever the load).
# SLURM_CENSUS_WAIT (seconds, default 900) bounds the wait for the job.
# Exits 0 with the table and an "ok" line, or non-zero with one line saying why.
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
jobfile=$repo/scripts/census-array.sbatch
klondike=${1:-$repo/target/release/klondike}
range=${2:-1..200}
if (($# > 2)); then
    settings=("${@:3}")
else
    settings=(--draw "1,3" --passes unlimited --foundation-to-tableau on --max-states 2000000 --timeout 1e7)
fi
wait_seconds=${SLURM_CENSUS_WAIT:-900}
started=$SECONDS

scratch=
jobid=
pids=()
made_policy=

fail() {
    echo "slurm-census: FAILED: $*${scratch:+ (logs in $scratch)}" >&2
    exit 1
}

[[ -x $klondike ]] || fail "no klondike binary at $klondike (build it: cargo build --release)"
klondike=$(realpath "$klondike")
[[ $range =~ ^[0-9]+\.\.[0-9]+$ ]] || fail "the range must read A..B, not '$range'"

# Every process started here (the daemons, and through slurmd the job's
# steps) carries this variable naming its scratch folder, so that a later
# run can find and stop what a killed run left.
marker=KLONDIKE_SLURM_SCRATCH

# The processes whose environment names scratch folder $1.
marked() {
    local env pid
    for env in /proc/[0-9]*/environ; do
        pid=${env#/proc/}
        pid=${pid%/environ}
        [[ $pid == "$$" ]] && continue
        if tr '\0' '\n' 2>/dev/null <"$env" | grep -qxF "$marker=$1"; then
            echo "$pid"
        fi
    done
}

# Stops every process of scratch folder $1, gently then not (slurmstepd
# does not end on SIGTERM).
stop_marked() {
    local left
    left=$(marked "$1")
    [[ -z $left ]] && return 0
    # shellcheck disable=SC2086
    kill -TERM $left 2>/dev/null || true
    for _ in $(seq 25); do
        left=$(marked "$1")
        [[ -z $left ]] && return 0
        sleep 0.2
    done
    # shellcheck disable=SC2086
    kill -KILL $left 2>/dev/null || true
}

# Whether the job array has left the queue (a squeue that fails: no).
array_done() {
    local left
    left=$(squeue -h -j "$jobid" -o %i 2>/dev/null) && [[ -z $left ]]
}

cleanup() {
    local rc=$?
    trap - EXIT INT TERM
    if [[ -n $made_policy ]]; then rm -f "$made_policy"; fi
    if [[ -n $jobid ]] && ! array_done; then
        # Slurm ends the job's steps itself, given a moment.
        scancel "$jobid" 2>/dev/null || true
        for _ in $(seq 20); do
            array_done && break
            sleep 0.5
        done
    fi
    # slurmd first, so that it starts no more steps, then the controller,
    # then munged; then anything of the job still running.
    local i
    for ((i = ${#pids[@]} - 1; i >= 0; i--)); do
        kill -TERM "${pids[i]}" 2>/dev/null || true
        for _ in $(seq 50); do
            kill -0 "${pids[i]}" 2>/dev/null || break
            sleep 0.2
        done
        kill -KILL "${pids[i]}" 2>/dev/null || true
        wait "${pids[i]}" 2>/dev/null || true
    done
    if [[ -n $scratch ]]; then
        stop_marked "$scratch"
        # A failed run keeps its folder for its logs; the next run removes it.
        if ((rc == 0)); then rm -rf "$scratch"; fi
    fi
    exit "$rc"
}
trap cleanup EXIT
trap 'fail "interrupted"' INT TERM

# Leftovers: a scratch folder whose run is gone (its owner is not a live
# slurm-census) has its processes stopped and is removed.
base=${TMPDIR:-/tmp}
for old in "$base"/klondike-slurm.*; do
    [[ -d $old ]] || continue
    if [[ -f $old/owner ]]; then
        owner=$(cat "$old/owner")
        if [[ -r /proc/$owner/cmdline ]] && tr '\0' ' ' 2>/dev/null <"/proc/$owner/cmdline" | grep -q slurm-census; then
            continue
        fi
    elif [[ -z $(find "$old" -maxdepth 0 -mmin +1) ]]; then
        continue # just made by a run that has not written its owner yet
    fi
    stop_marked "$old"
    rm -rf "$old"
done

scratch=$(mktemp -d "$base/klondike-slurm.XXXXXX")
echo $$ >"$scratch/owner"
chmod 755 "$scratch"
mkdir -p "$scratch"/{state,spool,shared,whole,logs}

# Slurm and munge from Debian, where missing.
commands=(munged slurmctld slurmd sbatch squeue scontrol scancel sinfo)
have_all() {
    local command
    for command in "${commands[@]}"; do
        command -v "$command" >/dev/null || return 1
    done
}
if ! have_all; then
    missing=()
    for package in slurm-wlm munge; do
        if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed'; then
            missing+=("$package")
        fi
    done
    ((${#missing[@]})) || fail "slurm-wlm and munge are installed but not all of ${commands[*]} are on PATH"
    command -v apt-get >/dev/null || fail "${missing[*]} not installed, and no apt-get to install them"
    ((EUID == 0)) || fail "${missing[*]} not installed, and installing needs root"
    echo "slurm-census: installing ${missing[*]}" >&2
    # The packages' scripts would start a system munged (and try slurmd and
    # slurmctld) through their init scripts: a policy-rc.d that says no, as
    # container images have, for the time of the install.
    if [[ ! -e /usr/sbin/policy-rc.d ]]; then
        printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d && chmod 755 /usr/sbin/policy-rc.d
        made_policy=/usr/sbin/policy-rc.d
    fi
    apt-get update -qq -o DPkg::Lock::Timeout=300 >"$scratch/logs/apt.log" 2>&1 || fail "apt-get update failed"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq -o DPkg::Lock::Timeout=300 --no-install-recommends "${missing[@]}" \
        >>"$scratch/logs/apt.log" 2>&1 || fail "apt-get install ${missing[*]} failed"
    if [[ -n $made_policy ]]; then
        rm -f "$made_policy"
        made_policy=
    fi
    have_all || fail "not all of ${commands[*]} are on PATH after installing ${missing[*]}"
fi

# Two free TCP ports, from the ports this machine has in use now.
in_use=" "
for table in /proc/net/tcp /proc/net/tcp6; do
    [[ -r $table ]] || continue
    while read -r _ local _; do
        [[ $local == *:* ]] || continue
        in_use+="$((16#${local##*:})) "
    done <"$table"
done
free_port() {
    local port
    for _ in $(seq 1000); do
        port=$((20000 + RANDOM % 12000)) # below Linux's ephemeral ports, 32768 on
        if [[ $in_use != *" $port "* ]]; then
            in_use+="$port "
            echo "$port"
            return 0
        fi
    done
    return 1
}
ctld_port=$(free_port) || fail "no free TCP port"
slurmd_port=$(free_port) || fail "no free TCP port"

# The cluster: this machine, by its short name, on the loopback.
node=$(hostname -s)
# The node's CPUs and memory as slurmd sees them (`slurmd -C`): a node
# configured with more than it has is drained, and with the default
# RealMemory of 1 MB no job asking for memory would run.
hardware=$(slurmd -C | head -n 1 | sed -E 's/^NodeName=[^ ]* //') || fail "slurmd -C failed"
export SLURM_CONF=$scratch/slurm.conf
cat >"$SLURM_CONF" <<EOF
ClusterName=kcensus
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
# Bind to the addresses above (the loopback), not to every interface.
CommunicationParameters=NoInAddrAny
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$scratch/munge.socket
StateSaveLocation=$scratch/state
SlurmdSpoolDir=$scratch/spool
SlurmctldPidFile=$scratch/slurmctld.pid
SlurmdPidFile=$scratch/slurmd.pid
SlurmctldLogFile=$scratch/logs/slurmctld.log
SlurmdLogFile=$scratch/logs/slurmd.log
# No cgroups: processes tracked by their parents, tasks not bound.
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MailProg=/bin/true
NodeName=$node NodeAddr=127.0.0.1 $hardware State=UNKNOWN
PartitionName=census Nodes=$node Default=YES MaxTime=INFINITE State=UP
EOF

# munged wants its key private and its folders writable by no one else.
dd if=/dev/urandom of="$scratch/munge.key" bs=1024 count=1 status=none
chmod 400 "$scratch/munge.key"
start() {
    local name=$1
    shift
    env "$marker=$scratch" "$@" >"$scratch/logs/$name.out" 2>&1 &
    pids+=($!)
}
start munged munged --foreground --socket="$scratch/munge.socket" --key-file="$scratch/munge.key" \
    --pid-file="$scratch/munged.pid" --seed-file="$scratch/munge.seed"
for _ in $(seq 50); do
    [[ -S $scratch/munge.socket ]] && break
    sleep 0.2
done
[[ -S $scratch/munge.socket ]] || fail "munged did not start: $(tail -n 1 "$scratch/logs/munged.out")"

start slurmctld slurmctld -D -i -f "$SLURM_CONF"
start slurmd slurmd -D -N "$node" -f "$SLURM_CONF"

# Waits up to $1 seconds for command $2... to succeed, failing early when a
# daemon has died.
await() {
    local seconds=$1 name
    shift
    local until=$((SECONDS + seconds))
    while ! "$@" >/dev/null 2>&1; do
        for name in munged slurmctld slurmd; do
            local i
            case $name in munged) i=0 ;; slurmctld) i=1 ;; slurmd) i=2 ;; esac
            kill -0 "${pids[i]}" 2>/dev/null ||
                fail "$name stopped: $(tail -n 1 "$scratch/logs/$name.out" "$scratch/logs/$name.log" 2>/dev/null | grep -v '^==>' | grep . | tail -n 1)"
        done
        ((SECONDS < until)) || return 1
        sleep 0.5
    done
}
node_idle() { [[ $(sinfo -h -n "$node" -o %t) == idle ]]; }
await 60 scontrol ping || fail "slurmctld did not answer within 60 s"
await 60 node_idle || fail "node $node did not come up idle within 60 s: $(sinfo -h -n "$node" -o '%t %E')"

# The census as a job array, then the same census unsharded.
array_started=$SECONDS
jobid=$(sbatch --parsable --chdir="$scratch" --output="$scratch/logs/task-%a.out" \
    --export="ALL,KLONDIKE=$klondike,$marker=$scratch" "$jobfile" "$range" "$scratch/shared" "${settings[@]}") ||
    fail "sbatch refused the job"
jobid=${jobid%%;*}
await "$wait_seconds" array_done || fail "job $jobid not finished within $wait_seconds s"
# The tasks' ends, counted: "4 JobState=COMPLETED ExitCode=0:0".
states=$(scontrol -o show job "$jobid" | grep -oE '(JobState|ExitCode)=[^ ]+' | paste -d ' ' - - | sort | uniq -c |
    awk '{ $1 = $1 } NR > 1 { printf ", " } { printf "%s", $0 }')
tasks_ok=$(scontrol -o show job "$jobid" | grep -c 'JobState=COMPLETED .*ExitCode=0:0') || true
if ((tasks_ok != 4)); then
    said=$(cat "$scratch"/logs/task-*.out 2>/dev/null | grep -m 1 .) || true
    fail "job $jobid: $tasks_ok of 4 tasks completed with exit 0 ($states)${said:+; a task said: $said}"
fi

array_seconds=$((SECONDS - array_started))
files=("$scratch"/shared/*.jsonl)
[[ -e ${files[0]} ]] || fail "the job array wrote no batch file in $scratch/shared"
sharded=$("$klondike" census --only "$range" "${files[@]}") || fail "klondike census --only failed"
rows=$(grep -c '^draw ' <<<"$sharded") || true
((${#files[@]} == 4 * rows)) || fail "${#files[@]} batch files for $rows rules settings: 4 shards each expected"
for k in 1 2 3 4; do
    n=$(printf '%s\n' "${files[@]}" | grep -c -- "-shard${k}of4\.jsonl$") || true
    ((n == rows)) || fail "shard $k/4 wrote $n files, not $rows"
done
whole_started=$SECONDS
whole=$("$klondike" census --games "$range" "${settings[@]}" --dir "$scratch/whole" 2>/dev/null) ||
    fail "the unsharded census failed"
whole_seconds=$((SECONDS - whole_started))

# The table but for its last three columns (the times per deal, which
# differ from run to run), spaces squeezed.
counts() { sed -E 's/( +(-|[0-9]+(\.[0-9]+)?)){3}$//; s/ +/ /g'; }
if [[ $(counts <<<"$sharded") != $(counts <<<"$whole") ]]; then
    diff <(counts <<<"$whole") <(counts <<<"$sharded") | sed 's/^/  /' >&2 || true
    fail "the job array's table differs from the unsharded census's (above: < unsharded, > sharded)"
fi
echo "$sharded"
echo "slurm-census: ok: job $jobid, 4 shards of games $range, ${#files[@]} files, the same counts as unsharded (${array_seconds} s the array, ${whole_seconds} s unsharded, $((SECONDS - started)) s in all)"
