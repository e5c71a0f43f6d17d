#!/usr/bin/env bash
# Instructions per operation for each scenario, under valgrind's callgrind: deterministic, so a
# change can be judged without a quiet machine. Usage: bash Benchmarks/instruction-counts.sh
# [scenario…] (all by default). Each scenario runs N and 2N times; the difference divided by N
# is the cost of one operation, with setup cancelled out.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
swift build -c release --product InstructionCounts >/dev/null
# valgrind cannot read the debug info Swift 6.3 writes ("possibly corrupted"); totals need none.
binary="$(mktemp -d)/InstructionCounts"
strip --strip-debug -o "$binary" "$(swift build -c release --show-bin-path)/InstructionCounts"
export SWIFT_DETERMINISTIC_HASHING=1
scenarios=("$@")
if [ ${#scenarios[@]} -eq 0 ]; then
    scenarios=(singleton-baseline singleton-dikit singleton-swinject singleton-dependencies
        transient-baseline transient-dikit transient-swinject graph-baseline graph-dikit graph-swinject
        graph10-dikit graph100-dikit named-dikit named-swinject miss-name100-dikit miss-name10000-dikit miss-type1024-dikit verify-missing1024-dikit register100-baseline register100-dikit
        register100-concrete-dikit register100-swinject isolation-dikit isolation-empty-dikit isolation-base-dikit isolation-strict-dikit
        isolation-strict-large-dikit isolation-swinject isolation-dependencies isolation-empty-dependencies)
fi
count() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$binary" "$1" "$2" 2>&1 |
        sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
printf '%-24s %12s\n' scenario instructions/op
for scenario in "${scenarios[@]}"; do
    n=2000
    case "$scenario" in register100-* | graph100-*) n=200 ;; verify-*) n=5 ;; esac
    first=$(count "$scenario" "$n")
    second=$(count "$scenario" $((2 * n)))
    printf '%-24s %12d\n' "$scenario" $(((second - first) / n))
done
