package badger_test

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/badger"
)

// callAll calls every exported method of v (a pointer to a store) with
// a live context for a context.Context, "acme" for a string and zero
// values for the rest (nil functions and pointers), and reports the
// panics, Close's result, and an error that is not levy.EInvalid.
func callAll(t *testing.T, name string, v any) {
	t.Helper()
	rv := reflect.ValueOf(v)
	ctxType := reflect.TypeFor[context.Context]()
	errType := reflect.TypeFor[error]()
	for i := range rv.NumMethod() {
		m := rv.Type().Method(i)
		args := make([]reflect.Value, m.Type.NumIn()-1)
		for j := range args {
			in := m.Type.In(j + 1)
			switch {
			case in == ctxType:
				args[j] = reflect.ValueOf(context.Background())
			case in.Kind() == reflect.String:
				// A tenant, an ID, a client: one that the methods take,
				// so that the call goes past its checks of arguments.
				args[j] = reflect.ValueOf("acme").Convert(in)
			default:
				args[j] = reflect.Zero(in)
			}
		}
		outs, panicked := func() (outs []reflect.Value, p any) {
			defer func() { p = recover() }()
			return rv.Method(i).Call(args), nil
		}()
		if panicked != nil {
			t.Errorf("%s.%s panics: %v", name, m.Name, panicked)
			continue
		}
		// The last result, when it is an error, is nil for Close only.
		var err error
		if n := len(outs); n > 0 && outs[n-1].Type() == errType && !outs[n-1].IsNil() {
			err = outs[n-1].Interface().(error)
		}
		switch {
		case m.Name == "Close" && err != nil:
			t.Errorf("%s.Close: %v, want nil", name, err)
		case m.Name != "Close" && len(outs) > 0 && outs[len(outs)-1].Type() == errType && err == nil && returnsOnlyError(m.Type):
			t.Errorf("%s.%s: no error from a store that was never opened", name, m.Name)
		case err != nil && levy.ErrorCode(err) != levy.EInvalid:
			t.Errorf("%s.%s: %v, want %s", name, m.Name, err, levy.EInvalid)
		}
	}
}

// returnsOnlyError reports whether the method's only result is an error,
// the methods whose nil error would say the call was done.
func returnsOnlyError(m reflect.Type) bool { return m.NumOut() == 1 }

// TestZeroStoresDoNotPanic: a nil or zero Badger store, such as a host
// holds after a failed Open (var s *badger.JournalStore; defer
// s.Close()), answers Close with nil and every other method with an
// error, never a panic. Before, Close and the other methods panicked
// with a nil pointer dereference.
func TestZeroStoresDoNotPanic(t *testing.T) {
	for _, s := range []any{
		(*badger.JournalStore)(nil), &badger.JournalStore{},
		(*badger.AuthStore)(nil), &badger.AuthStore{},
		(*badger.ProfileStore)(nil), &badger.ProfileStore{},
		(*badger.EInvoiceStore)(nil), &badger.EInvoiceStore{},
	} {
		name := fmt.Sprintf("%T", s)
		if !reflect.ValueOf(s).IsNil() {
			name = "zero " + name
		}
		callAll(t, name, s)
	}
}

// TestZeroJournalStoreDeferredClose is a host's code after a failed
// OpenJournal: the deferred Close of the nil store returns nil.
func TestZeroJournalStoreDeferredClose(t *testing.T) {
	var s *badger.JournalStore
	closeErr := func() (err error) {
		defer func() { err = s.Close() }()
		return nil
	}()
	if closeErr != nil {
		t.Fatalf("Close of a nil JournalStore: %v", closeErr)
	}
	if _, err := s.Get(context.Background(), "acme", "INV-1"); levy.ErrorCode(err) != levy.EInvalid || !strings.Contains(err.Error(), "OpenJournal") {
		t.Fatalf("Get of a nil JournalStore: %v", err)
	}
}
