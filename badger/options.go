package badger

import (
	"fmt"
	"log/slog"
	"time"

	"github.com/levytax/levy"
)

// Option configures one of the stores of this package when it is opened.
// Every store takes the same options; one that has no use for an option
// ignores it. A nil Option is refused by the store's Open (levy.EInvalid,
// field "opts[i]").
type Option func(*options)

// options are the settings shared by the stores.
type options struct {
	log        *slog.Logger
	gcInterval time.Duration
	syncWrites bool
}

// The defaults of the options.
const (
	defaultGCInterval = 5 * time.Minute
	// gcDiscardRatio is the share of a value log file that must be garbage
	// for a collection to rewrite it.
	gcDiscardRatio = 0.5
)

// newOptions applies opts over the defaults for a store in dir. The
// logger is never nil afterwards: without WithLogger it discards. An
// empty dir and a nil option are refused (levy.EInvalid naming "dir" or
// "opts[i]"), before anything is opened.
func newOptions(dir string, opts []Option) (options, error) {
	o := options{gcInterval: defaultGCInterval, syncWrites: true}
	if dir == "" {
		return o, levy.Invalid("dir", "a store needs the directory that holds it")
	}
	for i, opt := range opts {
		if opt == nil {
			return o, levy.Invalid(fmt.Sprintf("opts[%d]", i), "an option is required, not nil")
		}
		opt(&o)
	}
	if o.log == nil {
		o.log = slog.New(slog.DiscardHandler)
	}
	return o, nil
}

// WithLogger sends a store's logs to log: its own (such as a failed value
// log collection) and Badger's warnings and errors. Without it, or with
// nil, the store logs nothing.
func WithLogger(log *slog.Logger) Option {
	return func(o *options) { o.log = log }
}

// WithGCInterval sets how often a store runs Badger's value log garbage
// collection (5 minutes by default). A duration that is not positive
// keeps the default.
func WithGCInterval(d time.Duration) Option {
	return func(o *options) {
		if d > 0 {
			o.gcInterval = d
		}
	}
}

// WithSyncWrites sets whether a write is synced to disk before it is
// acknowledged (true by default). Without it, a crash of the machine (not
// of the process) may lose the latest acknowledged writes.
func WithSyncWrites(sync bool) Option {
	return func(o *options) { o.syncWrites = sync }
}
