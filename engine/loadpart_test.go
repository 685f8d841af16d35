package engine

import (
	"context"
	"errors"
	"io/fs"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/levytax/levy/data"
	"github.com/levytax/levy/internal/contenttest"
)

// openCounter is a dataset's files that records which are opened, and
// calls onOpen after each.
type openCounter struct {
	fsys   fs.FS
	mu     sync.Mutex
	opened []string
	onOpen func()
}

func (c *openCounter) Open(name string) (fs.File, error) {
	c.mu.Lock()
	c.opened = append(c.opened, name)
	c.mu.Unlock()
	if c.onOpen != nil {
		c.onOpen()
	}
	return c.fsys.Open(name)
}

func (c *openCounter) names() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]string(nil), c.opened...)
}

// engineFiles reads the dataset's files from ../data/files once, so that
// each test opens a fresh Dataset, with nothing decoded yet, in memory.
var engineFiles = sync.OnceValues(func() (fstest.MapFS, error) { return contenttest.DatasetFiles("../data/files") })

// TestNewStopsBetweenParts: New given a context that is done, or that
// ends while it loads the dataset, returns the context's error before it
// reads the next part of the dataset; it read and decoded jurisdictions,
// codes, Brazil's tables, IP ranges, card BINs and taxability serially
// without looking at the context, and the parts after the tax area
// resolver too. Counted in the dataset's files opened, not in time.
func TestNewStopsBetweenParts(t *testing.T) {
	files, err := engineFiles()
	if err != nil {
		t.Fatal(err)
	}

	// Done before New begins: no part is read.
	done, cancel := context.WithCancel(context.Background())
	cancel()
	c := &openCounter{fsys: files}
	if _, err := New(done, WithDataset(data.Open(c, data.Version))); !errors.Is(err, context.Canceled) {
		t.Fatalf("New with a done context: %v, want context.Canceled", err)
	}
	if got := c.names(); len(got) != 0 {
		t.Errorf("New with a done context read %d files of the dataset: %v", len(got), got)
	}

	// Ends while the first part is read: that part is read to its end
	// and no other.
	all := &openCounter{fsys: files}
	if _, err := New(context.Background(), WithDataset(data.Open(all, data.Version))); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	c = &openCounter{fsys: files, onOpen: cancel}
	if _, err := New(ctx, WithDataset(data.Open(c, data.Version))); !errors.Is(err, context.Canceled) {
		t.Fatalf("New whose context ends at the first file: %v, want context.Canceled", err)
	}
	if got, whole := c.names(), all.names(); len(got) != 1 || len(whole) < 5 {
		t.Errorf("New whose context ended at the first file read %d files of the %d of a whole load: %v", len(got), len(whole), got)
	}
}
