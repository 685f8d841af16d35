package badger

import (
	"context"
	"errors"
	"io"
	"path/filepath"
	"testing"

	"github.com/levytax/levy"
)

// TestOpenRefusesNilOptionAndNoDir: each store's Open refuses a nil
// Option and an empty directory with levy.EInvalid naming the parameter,
// as engine.New refuses a nil option; a nil Option panicked in
// newOptions, and an empty directory was Badger's own error, which
// levy.ErrorCode called internal.
func TestOpenRefusesNilOptionAndNoDir(t *testing.T) {
	ctx := context.Background()
	opens := map[string]func(dir string, opts ...Option) (io.Closer, error){
		"OpenJournal": func(dir string, opts ...Option) (io.Closer, error) {
			s, err := OpenJournal(ctx, dir, opts...)
			if s == nil {
				return nil, err
			}
			return s, err
		},
		"OpenProfile": func(dir string, opts ...Option) (io.Closer, error) {
			s, err := OpenProfile(ctx, dir, opts...)
			if s == nil {
				return nil, err
			}
			return s, err
		},
		"OpenAuth": func(dir string, opts ...Option) (io.Closer, error) {
			s, err := OpenAuth(ctx, dir, opts...)
			if s == nil {
				return nil, err
			}
			return s, err
		},
		"OpenEInvoice": func(dir string, opts ...Option) (io.Closer, error) {
			s, err := OpenEInvoice(ctx, dir, opts...)
			if s == nil {
				return nil, err
			}
			return s, err
		},
	}
	for name, open := range opens {
		for _, c := range []struct {
			what  string
			dir   string
			opts  []Option
			field string
		}{
			{"a nil option", filepath.Join(t.TempDir(), "s"), []Option{nil}, "opts[0]"},
			{"a nil second option", filepath.Join(t.TempDir(), "s"), []Option{WithSyncWrites(false), nil}, "opts[1]"},
			{"an empty directory", "", nil, "dir"},
		} {
			func() {
				defer func() {
					if p := recover(); p != nil {
						t.Errorf("%s with %s panicked: %v", name, c.what, p)
					}
				}()
				s, err := open(c.dir, c.opts...)
				if s != nil {
					s.Close()
					t.Errorf("%s with %s opened a store", name, c.what)
				}
				var le *levy.Error
				if !errors.As(err, &le) || le.Code != levy.EInvalid || le.Field != c.field {
					t.Errorf("%s with %s: %v, want %s naming %q", name, c.what, err, levy.EInvalid, c.field)
				}
			}()
		}
	}
}
