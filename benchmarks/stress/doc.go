// Package stress drives a real `levy serve` process: Load sends it a
// realistic mix of requests from many clients over loopback and reports
// the throughput, the latency percentiles per kind of request and the
// errors; Crash does the same while it kills the server with SIGKILL at
// random moments and restarts it, then checks that nothing it had
// acknowledged was lost: every invoice is in the journal, every
// e-invoicing document is there and finishes, and every webhook event of
// every document reaches the receiver.
//
// The command benchmarks/cmd/stress runs them (see benchmarks/README.md);
// the tests of this package run short versions in CI.
package stress
