package browsertest

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"testing"

	"github.com/chromedp/chromedp"
)

// Path returns the path of the machine's Chromium, or skips t (fails it
// under CI=true) naming the missing binary.
func Path(t testing.TB) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("chromium is not installed (apt-get install -y chromium); CI=true needs it for the console's browser tests")
	}
	t.Skip("chromium is not installed (apt-get install -y chromium): the console's browser tests skip")
	return ""
}

// startAttempts is how many times Start launches Chromium before it gives
// up. A loaded machine (the whole test suite on two cores) now and then
// sees the browser exit before it prints its DevTools address, with
// nothing on its output but harmless warnings; a second launch with a
// fresh profile succeeds.
const startAttempts = 3

// Start starts a headless Chromium with a fresh profile and a 1280×800
// window, and returns the context of its first tab. The browser stops,
// and its files are removed, when t ends. A launch that fails is tried
// again, from nothing, up to startAttempts times; each failure is logged.
func Start(t testing.TB) context.Context {
	t.Helper()
	path := Path(t)
	var err error
	for attempt := 1; attempt <= startAttempts; attempt++ {
		var ctx context.Context
		ctx, err = launch(t, path)
		if err == nil {
			return ctx
		}
		t.Logf("starting Chromium (attempt %d of %d): %v", attempt, startAttempts, err)
	}
	t.Fatalf("starting Chromium: %d attempts failed, the last: %v", startAttempts, err)
	return nil
}

// launch starts one browser. On failure it stops what it started and
// removes its files before it returns, so that the next attempt shares
// nothing with it.
func launch(t testing.TB, path string) (context.Context, error) {
	t.Helper()
	// Chromium keeps its singleton socket in an org.chromium.* directory
	// under TMPDIR and never removes it; a TMPDIR of the browser's own,
	// removed when it has stopped, takes it away. The path stays short: a
	// Unix socket's path is limited to 107 bytes, which a t.TempDir named
	// after a subtest can pass.
	tmp, err := os.MkdirTemp("", "levy-chromium-")
	if err != nil {
		return nil, fmt.Errorf("browser TMPDIR: %w", err)
	}
	profile, err := os.MkdirTemp("", "levy-chromium-profile-")
	if err != nil {
		_ = os.RemoveAll(tmp)
		return nil, fmt.Errorf("browser profile: %w", err)
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.Env("TMPDIR=" + tmp),
		chromedp.ExecPath(path), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck, chromedp.UserDataDir(profile), chromedp.WindowSize(1280, 800),
		chromedp.Flag("disable-quic", true), chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	stop := func() { cancel(); cancelAlloc(); _ = os.RemoveAll(tmp); _ = os.RemoveAll(profile) }
	// Start the browser here, once per attempt: an action that finds it
	// not started starts it, and one started again over a start that
	// failed half way (the process up, its connection not) closed the
	// context's channel twice and panicked the whole package. A new
	// attempt therefore gets a new allocator and context.
	if err := chromedp.Do(ctx); err != nil {
		stop()
		return nil, err
	}
	t.Cleanup(stop)
	return ctx, nil
}
