package badger

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// storeLayout is what the tests know of a store's documented key layout:
// the file whose doc comment documents it, the schema version and the
// first bytes of keys the code writes.
type storeLayout struct {
	file, version, prefixes string
	// check, when set, checks a key of the prefix in full.
	check func(key []byte) error
}

var storeLayouts = map[string]storeLayout{
	"journal":  {"journal.go", journalSchemaVersion, journalPrefixes, checkJournalKey},
	"profile":  {"profile.go", profSchemaVersion, profPrefixes, nil},
	"einvoice": {"einvoice.go", einvSchemaVersion, einvPrefixes, nil},
	"auth":     {"auth.go", authSchemaVersion, authPrefixes, nil},
}

// layoutLine is a line of a documented key layout: "//\t'H' tenant id ..."
// or "//\t0x00 ...".
var layoutLine = regexp.MustCompile(`(?m)^//\t(?:'(.)'|0x([0-9a-f]{2}))(?: (.*))?$`)

// documentedLayout reads the key layout documented in file: the first
// byte of each key, and the text of its line.
func documentedLayout(t testing.TB, file string) map[byte]string {
	t.Helper()
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	doc := map[byte]string{}
	for _, m := range layoutLine.FindAllStringSubmatch(string(src), -1) {
		b := byte(0)
		if m[1] != "" {
			b = m[1][0]
		} else {
			n, err := strconv.ParseUint(m[2], 16, 8)
			if err != nil {
				t.Fatal(err)
			}
			b = byte(n)
		}
		if _, dup := doc[b]; dup {
			t.Fatalf("%s documents the keys of first byte %q twice", file, b)
		}
		doc[b] = strings.TrimSpace(m[3])
	}
	return doc
}

// TestDocumentedLayouts checks each store's documented key layout
// against its code: the first bytes documented are those the store
// writes (the ones by which it refuses another store's directory), and
// the schema version and the kind documented are the ones written.
func TestDocumentedLayouts(t *testing.T) {
	for name, l := range storeLayouts {
		doc := documentedLayout(t, l.file)
		want := []byte(l.prefixes + "V\x00")
		slices.Sort(want)
		got := slices.Sorted(func(yield func(byte) bool) {
			for b := range doc {
				if !yield(b) {
					return
				}
			}
		})
		if !bytes.Equal(got, want) {
			t.Errorf("%s documents the keys %q, the %s store writes %q", l.file, got, name, want)
		}
		if v := fmt.Sprintf("schema version, %q", l.version); !strings.HasPrefix(doc['V'], v) {
			t.Errorf("%s documents 'V' as %q, want %s", l.file, doc['V'], v)
		}
		if k := fmt.Sprintf("the kind of store, %q", name); !strings.HasPrefix(doc[KindKey], k) {
			t.Errorf("%s documents 0x00 as %q, want %s", l.file, doc[KindKey], k)
		}
	}
}

// checkKeyLayout checks every key of the store name in the Badger
// database in dir, every version the files hold, against the store's
// documented layout. The conformance suites call it after each of their
// tests, once the store is closed.
func checkKeyLayout(t testing.TB, name, dir string) {
	t.Helper()
	l := storeLayouts[name]
	doc := documentedLayout(t, l.file)
	var bad []string
	err := ReadRaw(dir, func(key, value []byte) error {
		if len(key) == 0 {
			bad = append(bad, "an empty key")
			return nil
		}
		if bytes.HasPrefix(key, []byte("!badger!")) {
			return nil // Badger's own
		}
		if _, ok := doc[key[0]]; !ok {
			bad = append(bad, fmt.Sprintf("%q: first byte not documented", key))
			return nil
		}
		switch {
		case key[0] == 'V' || key[0] == KindKey:
			if len(key) != 1 {
				bad = append(bad, fmt.Sprintf("%q: longer than its one byte", key))
			}
		case l.check != nil:
			if err := l.check(key); err != nil {
				bad = append(bad, fmt.Sprintf("%q: %v", key, err))
			}
		}
		return nil
	})
	if err != nil {
		t.Fatalf("read the keys of the %s store: %v", name, err)
	}
	if len(bad) > 0 {
		t.Errorf("the %s store wrote %d keys out of its documented layout, such as %s", name, len(bad), bad[0])
	}
}

// checkJournalKey checks a key of the journal part by part against its
// documented layout.
func checkJournalKey(key []byte) error {
	rest := key[1:]
	lp := func(what string) error {
		l, n := binary.Uvarint(rest)
		if n <= 0 || uint64(len(rest)-n) < l {
			return fmt.Errorf("no %s", what)
		}
		rest = rest[n+int(l):]
		return nil
	}
	digits := func(what string, n int) error {
		if len(rest) < n {
			return fmt.Errorf("no %s", what)
		}
		for _, c := range rest[:n] {
			if c < '0' || c > '9' {
				return fmt.Errorf("%s is not %d digits", what, n)
			}
		}
		rest = rest[n:]
		return nil
	}
	var parts []func() error
	switch key[0] {
	case journalKeyHead:
		parts = []func() error{func() error { return lp("tenant") }, func() error { return lp("id") }}
	case journalKeyVersion:
		parts = []func() error{func() error { return lp("tenant") }, func() error { return lp("id") }, func() error {
			if len(rest) < 8 {
				return fmt.Errorf("no 8-byte version")
			}
			rest = rest[8:]
			return nil
		}}
	case journalKeyPeriod:
		parts = []func() error{func() error { return lp("tenant") }, func() error { return digits("date", 8) }, func() error { return lp("id") }}
	case journalKeyFigures:
		parts = []func() error{func() error { return lp("tenant") }, func() error { return digits("month", 6) },
			func() error { return lp("company") }, func() error { return lp("area") }, func() error {
				if len(rest) < 1 || rest[0] >= figureParts {
					return fmt.Errorf("no part below %d", figureParts)
				}
				rest = rest[1:]
				return nil
			}}
	}
	for _, p := range parts {
		if err := p(); err != nil {
			return err
		}
	}
	if len(rest) > 0 {
		return fmt.Errorf("%d bytes after its documented parts", len(rest))
	}
	return nil
}
