package data

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"slices"
	"strings"
	"sync"

	"github.com/levytax/levy"
)

//go:embed files/*.lvd
var embedded embed.FS

// Dataset is a set of generated data files and the parts decoded from them.
type Dataset struct {
	fsys    fs.FS
	version string
	// digests, when set, holds the SHA-256 (hex) of every file the
	// dataset may read, by name: the embedded dataset's manifest. A
	// file that is not in it, or whose bytes differ, is refused.
	digests map[string]string

	codes  lazy[*Codes]
	juris  lazy[*Jurisdictions]
	geo    lazy[*Boundaries]
	postal lazy[*Postal]
	ips    lazy[*IPTable]
	bins   lazy[*BINTable]
	taxes  lazy[*Taxability]
	local  lazy[*Local]
	nexus  lazy[*NexusRules]
	brazil lazy[*Brazil]
	comms  lazy[*Communications]
	intra  lazy[*Intrastat]
}

// lazy decodes a part once and remembers the result or the error.
type lazy[T any] struct {
	once sync.Once
	v    T
	err  error
}

func (l *lazy[T]) get(load func() (T, error)) (T, error) {
	l.once.Do(func() { l.v, l.err = load() })
	return l.v, l.err
}

// part returns a part of d, reading the generated file name and decoding
// it on first use. An error names the file.
func part[T any](d *Dataset, l *lazy[T], name string, decode func([]byte) (T, error)) (T, error) {
	return l.get(func() (T, error) {
		var zero T
		b, err := d.file(name)
		if err != nil {
			return zero, err
		}
		v, err := decode(b)
		if err != nil {
			return zero, fmt.Errorf("data: %s: %w", name, err)
		}
		return v, nil
	})
}

var defaultDataset = sync.OnceValue(func() *Dataset {
	sub, err := fs.Sub(embedded, "files")
	if err != nil {
		panic(err) // the embed pattern guarantees the folder
	}
	return &Dataset{fsys: sub, version: Version, digests: fileDigests}
})

// Default returns the embedded default dataset. Every call returns the same
// value, so its parts are decoded at most once per process.
func Default() *Dataset { return defaultDataset() }

// Open returns a dataset read from fsys, which holds the generated files at
// its root (the files folder of a generator's output). version names it in
// results and logs. A nil fsys makes a dataset every read of which fails
// with an error of code levy.EInvalid, field fsys (errNilFS), so that an
// engine built with it (engine.WithDataset) refuses to build.
func Open(fsys fs.FS, version string) *Dataset {
	return &Dataset{fsys: fsys, version: version}
}

// errNilFS is the error of every read of a dataset that Open was given a
// nil file system.
func errNilFS(version string) error {
	return levy.Invalid("fsys", "dataset %q was opened with a nil file system (data.Open needs the folder of the generated files)", version)
}

// Version returns the dataset's version.
func (d *Dataset) Version() string { return d.version }

// file reads one generated file and, when d has a manifest, checks it
// against its digest there.
func (d *Dataset) file(name string) ([]byte, error) {
	if d.fsys == nil {
		return nil, errNilFS(d.version)
	}
	b, err := fs.ReadFile(d.fsys, name)
	if err != nil {
		return nil, fmt.Errorf("data: read %s: %w", name, err)
	}
	if err := d.checkDigest(name, b); err != nil {
		return nil, err
	}
	return b, nil
}

// checkDigest reports an error when d has a manifest and the file name,
// whose bytes are b, is not in it or differs from it: a data file changed
// or replaced without the manifest (zz_manifest.go) being regenerated
// with it.
func (d *Dataset) checkDigest(name string, b []byte) error {
	if d.digests == nil {
		return nil
	}
	want, ok := d.digests[name]
	if !ok {
		return fmt.Errorf("data: %s is not in the manifest of dataset %s (it lists %s); regenerate with go run ./cmd/levydata",
			name, d.version, strings.Join(slices.Sorted(maps.Keys(d.digests)), ", "))
	}
	sum := sha256.Sum256(b)
	if got := hex.EncodeToString(sum[:]); got != want {
		return fmt.Errorf("data: %s does not match the manifest of dataset %s (SHA-256 %s, the manifest says %s): the file was changed without regenerating; regenerate with go run ./cmd/levydata",
			name, d.version, got, want)
	}
	return nil
}

// Lack is a generated file that a dataset's folder lacks and Levy runs
// without, as for a dataset written before the file existed, and what is
// off while it is absent.
type Lack struct {
	// File is the file's name ("comms.lvd").
	File string
	// Effect says what calculations do without it.
	Effect string
}

// optionalFiles are the files a dataset may lack, in the order Lacks
// reports them, with what is off without each.
func optionalFiles() []Lack {
	return []Lack{
		{File: commsFile, Effect: "the US communications taxes are not computed: a line's lineType or lineTypes is flagged not-acted-on " +
			"and bears no federal excise tax, Universal Service Fund contribution or 911 fee"},
		{File: intrastatFile, Effect: "there are no Intrastat code lists: a stored line that sends Intrastat members is refused, " +
			"and a server mounts no route of Intrastat declarations"},
	}
}

// Lacks returns the generated files that d's folder lacks and that Levy
// runs without (a folder written by a Levy older than them), each with
// what is off while it is absent; nil when it has them all, as the
// embedded dataset does. Any other error reading the folder is returned.
func (d *Dataset) Lacks() ([]Lack, error) {
	if d.fsys == nil {
		return nil, errNilFS(d.version)
	}
	var out []Lack
	for _, l := range optionalFiles() {
		_, err := fs.Stat(d.fsys, l.File)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			out = append(out, l)
		case err != nil:
			return nil, fmt.Errorf("data: stat %s: %w", l.File, err)
		}
	}
	return out, nil
}
