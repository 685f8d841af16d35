package data

import (
	"embed"
	"fmt"
	"io/fs"
	"sync"
)

//go:embed files/*.lvd
var embedded embed.FS

// Dataset is a set of generated data files and the parts decoded from them.
type Dataset struct {
	fsys    fs.FS
	version string

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
	return &Dataset{fsys: sub, version: Version}
})

// Default returns the embedded default dataset. Every call returns the same
// value, so its parts are decoded at most once per process.
func Default() *Dataset { return defaultDataset() }

// Open returns a dataset read from fsys, which holds the generated files at
// its root (the files folder of a generator's output). version names it in
// results and logs.
func Open(fsys fs.FS, version string) *Dataset {
	return &Dataset{fsys: fsys, version: version}
}

// Version returns the dataset's version.
func (d *Dataset) Version() string { return d.version }

// file reads one generated file.
func (d *Dataset) file(name string) ([]byte, error) {
	b, err := fs.ReadFile(d.fsys, name)
	if err != nil {
		return nil, fmt.Errorf("data: read %s: %w", name, err)
	}
	return b, nil
}
