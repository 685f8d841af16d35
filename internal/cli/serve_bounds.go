package cli

import (
	"fmt"
	"time"
)

// checkBounds refuses the numeric settings of serve that the packages
// below would read as "the default" or bend silently: a zero token
// lifetime, rate limit or rate window, zero webhook backoffs, attempts or
// timeout, a zero body or document limit, a zero hash queue, and any
// negative duration or count. Each refusal names its flag, so that an
// operator who writes 0 learns at startup that it does not mean what it
// seems, rather than running with a value they did not give. The flags
// whose 0 has a documented meaning (--credential-activation-delay,
// --einvoice-lease-term, --auth-client-failures, --auth-source-failures,
// --tenant-credentials, --auth-refusal-delay, --nexus-interval and the
// HTTP timeouts) take 0, never a negative value.
func (c serveConfig) checkBounds() error {
	positive := []struct {
		flag string
		d    time.Duration
		eg   string
		min  time.Duration
	}{
		{"token-ttl", c.tokenTTL, "20m", time.Second},
		{"token-rate-window", c.rateWindow, "8h", time.Second},
		{"webhook-min-backoff", c.webhookMin, "5s", 1},
		{"webhook-max-backoff", c.webhookMax, "1h", 1},
		{"webhook-timeout", c.webhookTimeout, "10s", 1},
		{"export-timeout", c.exportTimeout, "10m", 1},
	}
	for _, p := range positive {
		if p.d < p.min {
			want := "a positive duration"
			if p.min >= time.Second {
				want = "a duration of at least 1s"
			}
			return badFlag(p.flag, "--%s %s: want %s, such as %s", p.flag, p.d, want, p.eg)
		}
	}
	counts := []struct {
		flag string
		n    int64
	}{
		{"token-rate-limit", int64(c.rateLimit)},
		{"webhook-max-attempts", int64(c.webhookAttempts)},
		{"auth-hash-queue", int64(c.authHashQueue)},
		{"exports-per-tenant", int64(c.exportsPerTenant)},
		{"max-body", c.maxBody},
		{"einvoice-max-document", c.maxDocument},
	}
	for _, n := range counts {
		if n.n < 1 {
			return badFlag(n.flag, "--%s %d: want 1 or more", n.flag, n.n)
		}
	}
	if c.webhookMax < c.webhookMin {
		return badFlags([]string{"webhook-max-backoff", "webhook-min-backoff"}, fmt.Sprintf("--webhook-max-backoff %s is shorter than --webhook-min-backoff %s: want it as long or longer", c.webhookMax, c.webhookMin))
	}
	// A lease given explicitly must outlast two attempts (see
	// einvoice.Config.LeaseTerm), which einvoice would otherwise raise it to.
	if c.leaseTerm > 0 && c.leaseTerm < 2*c.webhookTimeout {
		return badFlags([]string{"einvoice-lease-term", "webhook-timeout"}, fmt.Sprintf("--einvoice-lease-term %s is shorter than twice --webhook-timeout %s: want at least %s", c.leaseTerm, c.webhookTimeout, 2*c.webhookTimeout))
	}
	durations := []struct {
		flag string
		d    time.Duration
	}{
		{"credential-activation-delay", c.activation},
		{"einvoice-lease-term", c.leaseTerm},
		{"auth-refusal-delay", c.authRefusalDelay},
		{"nexus-interval", c.nexusInterval},
		{"read-header-timeout", c.readHeader},
		{"read-timeout", c.read},
		{"write-timeout", c.write},
		{"idle-timeout", c.idle},
		{"shutdown-timeout", c.shutdown},
	}
	for _, d := range durations {
		if d.d < 0 {
			return badFlag(d.flag, "--%s %s: want 0 or a positive duration", d.flag, d.d)
		}
	}
	for _, f := range []struct {
		flag string
		n    int
	}{{"auth-client-failures", c.authClientFailures}, {"auth-source-failures", c.authSourceFailures}, {"tenant-credentials", c.tenantCredentials}} {
		if f.n < 0 {
			return badFlag(f.flag, "--%s %d: want 0 (no limit) or more", f.flag, f.n)
		}
	}
	return nil
}
