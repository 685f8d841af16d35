package engine_test

import (
	"context"
	"fmt"
	"reflect"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/wire"
)

// TestZeroEngineDoesNotPanic calls every exported method of a nil and
// of a zero Engine (one that engine.New did not make, as a host holds
// after a failed New) with a live context, an ID, empty requests and
// functions that do nothing: none panics, the getters answer their zero
// value, and every error is levy.EInvalid. Before, each method that
// read the engine's snapshot panicked with a nil pointer dereference.
func TestZeroEngineDoesNotPanic(t *testing.T) {
	ctxType := reflect.TypeFor[context.Context]()
	errType := reflect.TypeFor[error]()
	for _, e := range []*engine.Engine{nil, {}} {
		name := fmt.Sprint(e == nil)
		rv := reflect.ValueOf(e)
		for i := range rv.NumMethod() {
			m := rv.Type().Method(i)
			args := make([]reflect.Value, m.Type.NumIn()-1)
			for j := range args {
				in := m.Type.In(j + 1)
				switch {
				case in == ctxType:
					args[j] = reflect.ValueOf(context.Background())
				case in.Kind() == reflect.String:
					args[j] = reflect.ValueOf("INV-1").Convert(in)
				case in.Kind() == reflect.Pointer && in.Elem().Kind() == reflect.Struct:
					args[j] = reflect.New(in.Elem())
				case in.Kind() == reflect.Func:
					args[j] = reflect.MakeFunc(in, func(a []reflect.Value) []reflect.Value {
						out := make([]reflect.Value, in.NumOut())
						for k := range out {
							out[k] = reflect.Zero(in.Out(k))
						}
						return out
					})
				default:
					args[j] = reflect.Zero(in)
				}
			}
			outs, panicked := func() (outs []reflect.Value, p any) {
				defer func() { p = recover() }()
				if m.Type.IsVariadic() {
					return rv.Method(i).CallSlice(args), nil
				}
				return rv.Method(i).Call(args), nil
			}()
			if panicked != nil {
				t.Errorf("nil=%s: %s panics: %v", name, m.Name, panicked)
				continue
			}
			n := len(outs)
			if n == 0 {
				continue
			}
			if outs[n-1].Type() == errType {
				err, _ := outs[n-1].Interface().(error)
				if err == nil {
					t.Errorf("nil=%s: %s: no error from an Engine that New did not make", name, m.Name)
				} else if levy.ErrorCode(err) != levy.EInvalid {
					t.Errorf("nil=%s: %s: %v, want %s", name, m.Name, err, levy.EInvalid)
				}
				continue
			}
			// A getter answers its zero value (an iterator of answers is
			// ranged over: it yields the error of each request, checked
			// by the batch tests).
			if outs[0].Kind() == reflect.Func {
				continue
			}
			for k, o := range outs {
				if !o.IsZero() {
					t.Errorf("nil=%s: %s: result %d is %v, want its zero value", name, m.Name, k, o)
				}
			}
		}
	}
}

// TestZeroEngineSales ranges over Sales of a zero Engine with one
// request: it yields the request's error (levy.EInvalid), not a panic.
func TestZeroEngineSales(t *testing.T) {
	var e engine.Engine
	reqs := func(yield func(*wire.SaleRequest) bool) { yield(&wire.SaleRequest{}) }
	n := 0
	for resp, err := range e.Sales(context.Background(), reqs, engine.Batch{}) {
		n++
		if resp != nil || levy.ErrorCode(err) != levy.EInvalid {
			t.Fatalf("a zero Engine's Sales yields %v, %v; want no answer and %s", resp, err, levy.EInvalid)
		}
	}
	if n != 1 {
		t.Fatalf("%d answers for one request", n)
	}
}
