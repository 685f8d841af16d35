# Convenience targets; every one is a plain go command that the README names.

.PHONY: test bench data

test:
	go vet ./... && go test ./...

# Re-runs every benchmark of the project (see benchmarks/README.md).
bench:
	go test -run '^$$' -bench . -benchmem -count 5 ./taxarea/ ./data/ ./money/ ./rules/
	go test -run '^$$' -bench 'Quotation|Floor|Validate' -benchmem -cpu 1 -count 6 -benchtime 10000x ./engine/
	go test -run '^$$' -bench 'Post|RawBadger' -benchmem -cpu 1 -count 3 -benchtime 2000x ./journal/
	go test -run '^$$' -bench 'Verify$$|HMAC' -benchmem -cpu 1 -count 6 ./auth/
	go test -run '^$$' -bench . -benchmem -cpu 1 -count 6 ./webhook/
	cd benchmarks && go test -run '^$$' -bench . -benchmem -count 5

# Regenerates the embedded dataset from ../shared/data.
data:
	go run ./data/gen --src ../shared/data --out data
