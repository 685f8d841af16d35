package nexus_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/nexus"
)

// refusedNaming fails unless err is an EInvalid error (or a list of
// them) one of which names field.
func refusedNaming(t *testing.T, what string, err error, field string) {
	t.Helper()
	if levy.ErrorCode(err) != levy.EInvalid {
		t.Errorf("%s: %v (code %q), want %s", what, err, levy.ErrorCode(err), levy.EInvalid)
		return
	}
	var list levy.Errors
	if !errors.As(err, &list) {
		var one *levy.Error
		if errors.As(err, &one) {
			list = levy.Errors{one}
		}
	}
	for _, e := range list {
		if e.Field == field {
			return
		}
	}
	t.Errorf("%s: %v names no %q", what, err, field)
}

// noPanic runs f and reports a panic as a failure of what.
func noPanic(t *testing.T, what string, f func()) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Errorf("%s panics: %v", what, r)
		}
	}()
	f()
}

// TestNilInputsRefused: a report, a rebuild, a watcher and an EU source
// given nothing to read (a nil source, nil rules, a zero WatcherConfig,
// a nil *Watcher or *EUSource) refuse as invalid, naming what is
// missing, where they used to panic on a nil pointer.
func TestNilInputsRefused(t *testing.T) {
	ctx := context.Background()
	day := civil.MustParse("2026-06-02")
	o := nexus.Options{AsOf: day}
	j := journal.NewMemory()

	noPanic(t, "Build with a nil source", func() {
		_, err := nexus.Build(ctx, nil, rules(t), levy.DefaultTenant, o)
		refusedNaming(t, "Build with a nil source", err, "src")
	})
	noPanic(t, "Build with nil rules", func() {
		_, err := nexus.Build(ctx, j, nil, levy.DefaultTenant, o)
		refusedNaming(t, "Build with nil rules", err, "rules")
	})
	noPanic(t, "Build with neither", func() {
		_, err := nexus.Build(ctx, nil, nil, levy.DefaultTenant, nexus.Options{})
		refusedNaming(t, "Build with neither", err, "src")
		refusedNaming(t, "Build with neither", err, "rules")
		refusedNaming(t, "Build with neither", err, "asOf")
	})
	noPanic(t, "Options.Check with nil rules", func() {
		bad := nexus.Options{AsOf: day, Registrations: []nexus.Registration{{State: "TX"}}}
		refusedNaming(t, "Options.Check with nil rules", bad.Check(nil), "rules")
	})
	noPanic(t, "Rebuild of a nil journal", func() {
		_, err := nexus.Rebuild(ctx, nil, levy.DefaultTenant, true)
		refusedNaming(t, "Rebuild of a nil journal", err, "j")
	})

	var logged bytes.Buffer
	zero := nexus.NewWatcher(nexus.WatcherConfig{Log: slog.New(slog.NewTextHandler(&logged, nil))})
	noPanic(t, "Check of a watcher without figures, rules or notifier", func() {
		_, err := zero.Check(ctx, levy.DefaultTenant)
		for _, f := range []string{"Figures", "Rules", "Notify"} {
			refusedNaming(t, "Check of a watcher without figures, rules or notifier", err, f)
		}
	})
	noPanic(t, "CheckAll of a watcher without figures, rules or notifier", func() { zero.CheckAll(ctx) })
	if !strings.Contains(logged.String(), "Figures") {
		t.Errorf("CheckAll of a watcher without figures logged %q, naming no Figures", logged.String())
	}
	logged.Reset()
	noTenants := nexus.NewWatcher(nexus.WatcherConfig{Figures: j, Rules: rules(t), Notify: &notices{},
		Log: slog.New(slog.NewTextHandler(&logged, nil))})
	noPanic(t, "CheckAll of a watcher without Tenants", func() { noTenants.CheckAll(ctx) })
	if !strings.Contains(logged.String(), "Tenants") {
		t.Errorf("CheckAll of a watcher without Tenants logged %q, naming no Tenants", logged.String())
	}
	for name, w := range map[string]*nexus.Watcher{"nil": nil, "zero": new(nexus.Watcher)} {
		noPanic(t, "Check of a "+name+" watcher", func() {
			_, err := w.Check(ctx, levy.DefaultTenant)
			if levy.ErrorCode(err) != levy.EInvalid {
				t.Errorf("Check of a %s watcher: %v, want %s", name, err, levy.EInvalid)
			}
		})
		noPanic(t, "Options of a "+name+" watcher", func() {
			if _, err := w.Options(ctx, levy.DefaultTenant, day); levy.ErrorCode(err) != levy.EInvalid {
				t.Errorf("Options of a %s watcher: %v, want %s", name, err, levy.EInvalid)
			}
		})
		noPanic(t, "CheckAll of a "+name+" watcher", func() { w.CheckAll(ctx) })
	}

	noPanic(t, "a source without figures", func() {
		_, err := nexus.NewEUSource(nil, nil).EUDistanceSales(ctx, levy.DefaultTenant, "", day)
		refusedNaming(t, "a source without figures", err, "figures")
	})
	noPanic(t, "a nil source", func() {
		var s *nexus.EUSource
		if _, err := s.EUDistanceSalesReplacing(ctx, levy.DefaultTenant, "", day, "INV-1"); levy.ErrorCode(err) != levy.EInvalid {
			t.Errorf("a nil source: %v, want %s", err, levy.EInvalid)
		}
	})
}

// TestReadAndWriteRefusals: a nil reader of ReadRegistrations and an
// unknown format of Report.Write are invalid, naming r and format, where
// the first panicked and the second had no code.
func TestReadAndWriteRefusals(t *testing.T) {
	noPanic(t, "ReadRegistrations of a nil reader", func() {
		_, err := nexus.ReadRegistrations(nil)
		refusedNaming(t, "ReadRegistrations of a nil reader", err, "r")
	})
	rep, err := nexus.Build(context.Background(), journal.NewMemory(), rules(t), levy.DefaultTenant, nexus.Options{AsOf: civil.MustParse("2026-06-02")})
	if err != nil {
		t.Fatal(err)
	}
	refusedNaming(t, "Write in xml", rep.Write(io.Discard, "xml"), "format")
}
