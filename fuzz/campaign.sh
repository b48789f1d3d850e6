#!/usr/bin/env bash
# Runs fuzz campaigns one after another (never two at once), at the lowest priority.
# Usage: fuzz/campaign.sh TARGET:SECONDS [TARGET:SECONDS ...]
# Logs go to fuzz/logs/<target>-<time>.log; crashes, timeouts and out-of-memory inputs to
# fuzz/artifacts/<target>/. Fork mode keeps a campaign going after a finding.
set -uo pipefail
cd "$(dirname "$0")"
mkdir -p logs
for spec in "$@"; do
    target=${spec%%:*}
    seconds=${spec##*:}
    mkdir -p "corpus/$target" "artifacts/$target"
    # Rebuild with the latest fixes; keep the previous binary if the tree does not build.
    nice -n 19 cargo +nightly fuzz build "$target" >"logs/$target-build.log" 2>&1 || true
    bin=target/x86_64-unknown-linux-gnu/release/$target
    log=logs/$target-$(date -u +%Y%m%dT%H%M%S).log
    max_len=()
    [ "$target" = parse_eval ] && max_len=(-max_len=4096)
    echo "$(date -u +%FT%TZ) start $target for ${seconds}s" >>logs/campaign.log
    nice -n 19 "$bin" "corpus/$target" -artifact_prefix="artifacts/$target/" \
        -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 \
        -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 "${max_len[@]}" \
        >"$log" 2>&1
    echo "$(date -u +%FT%TZ) end $target rc=$?" >>logs/campaign.log
done
