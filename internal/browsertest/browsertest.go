package browsertest

import (
	"context"
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

// Start starts a headless Chromium with a fresh profile and a 1280×800
// window, and returns the context of its first tab. The browser stops,
// and its files are removed, when t ends.
func Start(t testing.TB) context.Context {
	t.Helper()
	path := Path(t)
	// Chromium keeps its singleton socket in an org.chromium.* directory
	// under TMPDIR and never removes it; a TMPDIR of the browser's own,
	// removed when it has stopped, takes it away. The path stays short: a
	// Unix socket's path is limited to 107 bytes, which a t.TempDir named
	// after a subtest can pass.
	tmp, err := os.MkdirTemp("", "levy-chromium-")
	if err != nil {
		t.Fatal(err)
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.Env("TMPDIR=" + tmp),
		chromedp.ExecPath(path), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck, chromedp.UserDataDir(t.TempDir()), chromedp.WindowSize(1280, 800),
		chromedp.Flag("disable-quic", true), chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(func() { cancel(); cancelAlloc(); _ = os.RemoveAll(tmp) })
	// Start the browser here, once: an action that finds it not started
	// starts it, and one started again over a start that failed half way
	// (the process up, its connection not) closed the context's channel
	// twice and panicked the whole package.
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("starting Chromium: %v", err)
	}
	return ctx
}
