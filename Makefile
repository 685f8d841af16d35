# Convenience targets; every one is a plain go command that the README names.

.PHONY: test race bench bench-check load crash cluster-crash cluster-load scale batch-bench fuzz data

test:
	go vet ./... && go test ./...

# Every test of both modules under the race detector (about six minutes
# on two idle cores; not part of CI). The timeout is raised from go test's
# default ten minutes per package: on a busy machine internal/cli alone
# ran 28 minutes under -race (2026-11-29, load average 16 on two cores).
race:
	go test -race -timeout 60m ./... && cd benchmarks && go test -race -timeout 60m ./...

# Re-runs every benchmark of the project (see benchmarks/README.md).
bench:
	go test -run '^$$' -bench . -benchmem -count 5 ./taxarea/ ./data/ ./money/ ./rules/
	go test -run '^$$' -bench 'Quotation|Floor|Validate' -benchmem -cpu 1 -count 6 -benchtime 10000x ./engine/
	go test -run '^$$' -bench 'Post|RawBadger' -benchmem -cpu 1 -count 3 -benchtime 2000x ./journal/
	go test -run '^$$' -bench 'Verify$$|HMAC' -benchmem -cpu 1 -count 6 ./auth/
	go test -run '^$$' -bench . -benchmem -cpu 1 -count 6 ./einvoice/webhook/
	go test -run '^$$' -bench 'Decode|Reference' -benchmem -cpu 1 -count 6 ./internal/jsonbody/
	cd benchmarks && go test -run '^$$' -bench . -benchmem -count 5

# Prints the figures that have limits (ratios in one run) beside their
# limits and fails when one is not met (see benchmarks/README.md, "Limits").
bench-check:
	cd benchmarks && go run ./cmd/benchcheck -sets decode,engine,http

# The long suites (see benchmarks/README.md): 60 s of load, five kills
# under load, every fuzz target for five minutes.
load:
	cd benchmarks && go run ./cmd/stress load --clients 100 --duration 60s --rate 1000

crash:
	cd benchmarks && go run ./cmd/stress crash --clients 100 --duration 5s --kills 5

# The same over PostgreSQL (a throwaway cluster): 3 nodes, 100 clients for
# 60 s, 5 kills of a random node; then the check waits for the killed
# nodes' leases to lapse (5 minutes). 1,000 req/s over 3 nodes; and the
# throughput of 1 node against 3 for quotations and for stored invoices.
cluster-crash:
	cd benchmarks && go run ./cmd/stress cluster-crash --nodes 3 --clients 100 --duration 60s --kills 5

cluster-load:
	cd benchmarks && go run ./cmd/stress load --nodes 3 --clients 100 --duration 60s --rate 1000

batch-bench:
	cd benchmarks && go run ./cmd/batchbench --lines 1000000

scale:
	cd benchmarks && go run ./cmd/stress scale --nodes 1,3 --kinds quotation/invoice --clients 100 --duration 20s --rounds 2

FUZZ_TARGETS = wire:FuzzDecodeValidate engine:FuzzSale engine:FuzzSaleFields engine:FuzzPurchase engine:FuzzOwner \
	taxarea:FuzzLookupBodies rules:FuzzRuleFile einvoice/ubl:FuzzParse einvoice/ubl:FuzzValues einvoice/webhook:FuzzReceiver \
	api/einvoicing:FuzzConnectionBody api/einvoicing:FuzzSubmit internal/jsonbody:FuzzDecodeStrict \
	internal/jsonbody:FuzzDecodeAgainstReference engine:FuzzTemplates einvoice/ubl:FuzzReadCII \
	einvoice/facturx:FuzzExtract jurisdiction/taxreg:FuzzValidate data/content:FuzzReadLevyCSV data:FuzzReadFiles \
	data/content:FuzzReadFranchise data/content:FuzzLoad profile/profilecsv:FuzzImport batch:FuzzRun \
	nexus:FuzzReadRegistrations profile:FuzzApply

fuzz:
	for t in $(FUZZ_TARGETS); do go test -run '^$$' -fuzz "^$${t#*:}\$$" -fuzztime 5m -fuzzminimizetime 100x -parallel 1 "./$${t%%:*}/" || exit 1; done

# Regenerates the embedded dataset from ../shared/data.
data:
	go run ./cmd/levydata --src ../shared/data --out data
