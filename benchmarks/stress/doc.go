// Package stress drives real `levy serve` processes: Load sends them a
// realistic mix of requests from many clients over loopback and reports
// the throughput, the latency percentiles per kind of request and the
// errors; Crash does the same while it kills the server with SIGKILL at
// random moments and restarts it, then checks that nothing it had
// acknowledged was lost: every invoice is in the journal, every
// e-invoicing document is there and finishes, and every webhook event of
// every document reaches the receiver, once and in order.
//
// Load may run several nodes over one PostgreSQL database (Config.Nodes,
// Config.Database), each client sending its requests to the nodes in
// turn. ClusterCrash is Crash over such nodes: it kills random nodes
// under load and restarts them, and checks besides that every node reads
// every invoice, that no webhook connection had two senders at once, and
// that the token rate limit held across the nodes.
//
// The command benchmarks/cmd/stress runs them (see benchmarks/README.md);
// the tests of this package run short versions in CI.
package stress
