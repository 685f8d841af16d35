package data

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

// readers are the parts of a dataset by the file each decodes; every
// embedded file has one.
var readers = map[string]func(*Dataset) error{
	"bin.lvd":           func(d *Dataset) error { _, err := d.BINs(); return err },
	"brazil.lvd":        func(d *Dataset) error { _, err := d.Brazil(); return err },
	"codes.lvd":         func(d *Dataset) error { _, err := d.Codes(); return err },
	"comms.lvd":         func(d *Dataset) error { _, err := d.Communications(); return err },
	"geo.lvd":           func(d *Dataset) error { _, err := d.Boundaries(); return err },
	"intrastat.lvd":     func(d *Dataset) error { _, err := d.Intrastat(); return err },
	"ip.lvd":            func(d *Dataset) error { _, err := d.IPs(); return err },
	"jurisdictions.lvd": func(d *Dataset) error { _, err := d.Jurisdictions(); return err },
	"local.lvd":         func(d *Dataset) error { _, err := d.Local(); return err },
	"nexus.lvd":         func(d *Dataset) error { _, err := d.Nexus(); return err },
	"postal.lvd":        func(d *Dataset) error { _, err := d.Postal(); return err },
	"taxability.lvd":    func(d *Dataset) error { _, err := d.Taxability(); return err },
}

// embeddedFile returns the bytes of an embedded data file.
func embeddedFile(t testing.TB, name string) []byte {
	t.Helper()
	b, err := fs.ReadFile(embedded, "files/"+name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// splitFile returns the text header of a data file (through its blank
// line) and its uncompressed body.
func splitFile(t testing.TB, file []byte) (head, body []byte) {
	t.Helper()
	i := bytes.Index(file, []byte("\n\n"))
	if i < 0 {
		t.Fatal("no blank line after the header")
	}
	zr, err := gzip.NewReader(bytes.NewReader(file[i+2:]))
	if err != nil {
		t.Fatal(err)
	}
	body, err = io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return file[:i+2], body
}

// joinFile is the data file of header head and body body.
func joinFile(t testing.TB, head, body []byte) []byte {
	t.Helper()
	var out bytes.Buffer
	out.Write(head)
	zw := gzip.NewWriter(&out)
	if _, err := zw.Write(body); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// readOne reads the part of file name from a dataset holding only it,
// turning a panic into an error so that a test can report it.
func readOne(name string, file []byte) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic: %v", p)
		}
	}()
	d := Open(fstest.MapFS{name: &fstest.MapFile{Data: file}}, "test")
	return readers[name](d)
}

// TestEveryFileHasAReader keeps readers complete, so that the tests
// below cover every file of the dataset.
func TestEveryFileHasAReader(t *testing.T) {
	ents, err := fs.ReadDir(embedded, "files")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	if want := slices.Sorted(maps.Keys(readers)); !slices.Equal(names, want) {
		t.Errorf("embedded files %v, readers for %v", names, want)
	}
}

// TestBadFileErrorNamesIt: a data file that is truncated, corrupt, of a
// newer format or trailed by extra bytes is an error that names the file
// (geo.lvd said "boundaries", ip.lvd "ip table", bin.lvd "bin table",
// postal.lvd "postal" and brazil.lvd "brazil"), and never a panic.
func TestBadFileErrorNamesIt(t *testing.T) {
	for _, name := range slices.Sorted(maps.Keys(readers)) {
		file := embeddedFile(t, name)
		head, body := splitFile(t, file)
		newer := bytes.Replace(head, []byte(" v"), []byte(" v9"), 1)
		bad := map[string][]byte{
			"empty":              nil,
			"header only":        head,
			"truncated file":     file[:len(file)/2],
			"newer format":       joinFile(t, newer, body),
			"truncated body":     joinFile(t, head, body[:len(body)/2]),
			"body cut by a byte": joinFile(t, head, body[:len(body)-1]),
			"trailing byte":      joinFile(t, head, append(slices.Clone(body), 0)),
		}
		for _, what := range slices.Sorted(maps.Keys(bad)) {
			err := readOne(name, bad[what])
			switch {
			case err == nil:
				t.Errorf("%s, %s: read without error", name, what)
			case strings.HasPrefix(err.Error(), "panic"):
				t.Errorf("%s, %s: %v", name, what, err)
			case !strings.Contains(err.Error(), name):
				t.Errorf("%s, %s: the error does not name the file: %v", name, what, err)
			}
		}
		if err := readOne(name, file); err != nil {
			t.Errorf("%s as embedded: %v", name, err)
		}
	}
}

// TestManifestMatchesEmbeddedFiles: the manifest lists every embedded
// file, and only those, with its digest.
func TestManifestMatchesEmbeddedFiles(t *testing.T) {
	ents, err := fs.ReadDir(embedded, "files")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
		sum := sha256.Sum256(embeddedFile(t, e.Name()))
		if got := hex.EncodeToString(sum[:]); fileDigests[e.Name()] != got {
			t.Errorf("%s: SHA-256 %s, the manifest says %q", e.Name(), got, fileDigests[e.Name()])
		}
	}
	if listed := slices.Sorted(maps.Keys(fileDigests)); !slices.Equal(names, listed) {
		t.Errorf("embedded files %v, the manifest lists %v", names, listed)
	}
}

// TestManifestRefusesChangedFile: the embedded dataset reads a file only
// when its bytes are those of the manifest. A file edited by hand (here
// a code's name changed, which still decodes), replaced from another
// version of the generator, or not listed is refused with an error
// naming it; the manifest's digests were never read before.
func TestManifestRefusesChangedFile(t *testing.T) {
	file := embeddedFile(t, codesFile)
	head, body := splitFile(t, file)
	i := bytes.Index(body, []byte("Euro"))
	if i < 0 {
		t.Fatal(`codes.lvd has no "Euro"`)
	}
	edited := slices.Clone(body)
	edited[i] = 'F'
	changed := joinFile(t, head, edited)
	if err := readOne(codesFile, changed); err != nil {
		t.Fatalf("the edited file does not decode, so it does not show the check: %v", err)
	}

	open := func(name string, b []byte) *Dataset {
		return &Dataset{fsys: fstest.MapFS{name: &fstest.MapFile{Data: b}}, version: Version, digests: fileDigests}
	}
	if _, err := open(codesFile, file).Codes(); err != nil {
		t.Fatalf("the embedded codes.lvd: %v", err)
	}
	_, err := open(codesFile, changed).Codes()
	if err == nil || !strings.Contains(err.Error(), codesFile) || !strings.Contains(err.Error(), "manifest") {
		t.Errorf("an edited codes.lvd: %v, want an error naming it and the manifest", err)
	}

	d := open(codesFile, file)
	d.digests = map[string]string{"other.lvd": fileDigests["other.lvd"]}
	if _, err := d.Codes(); err == nil || !strings.Contains(err.Error(), codesFile) {
		t.Errorf("codes.lvd missing from the manifest: %v, want an error naming it", err)
	}

	// The default dataset is held to its manifest.
	if Default().digests == nil {
		t.Error("the default dataset has no manifest")
	}
	if _, err := Default().Codes(); err != nil {
		t.Error(err)
	}
}

// FuzzReadFiles reads mutated bodies of every data file through the
// dataset's readers: an error must name the file and nothing may panic.
// The seeds are the first 4 KiB of the real files' bodies (the fuzzer
// minimizes every new input, which takes minutes for a large one); go
// test runs only the seeds:
//
//	go test -run '^$' -fuzz FuzzReadFiles -fuzztime 5m ./data/
func FuzzReadFiles(f *testing.F) {
	names := slices.Sorted(maps.Keys(readers))
	heads := map[string][]byte{}
	for i, name := range names {
		head, body := splitFile(f, embeddedFile(f, name))
		heads[name] = head
		if len(body) > 4<<10 {
			body = body[:4<<10]
		}
		f.Add(uint8(i), body)
	}
	f.Fuzz(func(t *testing.T, which uint8, body []byte) {
		name := names[int(which)%len(names)]
		err := readOne(name, joinFile(t, heads[name], body))
		if err == nil {
			return
		}
		if strings.HasPrefix(err.Error(), "panic") {
			t.Fatalf("%s: %v", name, err)
		}
		if !strings.Contains(err.Error(), name) {
			t.Fatalf("%s: the error does not name the file: %v", name, err)
		}
		if errors.Is(err, fs.ErrNotExist) {
			t.Fatalf("%s: %v", name, err)
		}
	})
}
