package wire

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"
)

// clearOwn sets every member tagged levy:"own" in v, and in what v
// reaches, to its zero value, and returns how many it found set.
func clearOwn(v reflect.Value) int {
	n := 0
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			n += clearOwn(v.Elem())
		}
	case reflect.Slice:
		for i := range v.Len() {
			n += clearOwn(v.Index(i))
		}
	case reflect.Struct:
		for i := range v.NumField() {
			f := v.Field(i)
			if v.Type().Field(i).Tag.Get("levy") == "own" {
				if !f.IsZero() {
					n++
				}
				f.SetZero()
				continue
			}
			if v.Type().Field(i).IsExported() {
				n += clearOwn(f)
			}
		}
	}
	return n
}

// TestAppendJSONOmitsLevyMembers checks that AppendJSONWith with
// OmitLevyMembers writes what json.Marshal writes for the same value
// without its members of Levy's own, on random values of every root
// type, and that the value itself keeps them.
func TestAppendJSONOmitsLevyMembers(t *testing.T) {
	type withOptions interface {
		AppendJSONWith(b []byte, o AppendOptions) ([]byte, error)
	}
	f := &filler{r: rand.New(rand.NewPCG(2026, 1129))}
	var cleared int
	for _, root := range encodeRoots {
		rt := reflect.TypeOf(root)
		for i := range 400 {
			p := reflect.New(rt)
			f.fill(p.Elem(), 0)
			full, fullErr := json.Marshal(p.Interface())
			got, err := p.Interface().(withOptions).AppendJSONWith(nil, AppendOptions{OmitLevyMembers: true})
			if again, _ := json.Marshal(p.Interface()); !bytes.Equal(again, full) {
				t.Fatalf("%s #%d: AppendJSONWith changed the value", rt.Name(), i)
			}
			n := clearOwn(p)
			want, wantErr := json.Marshal(p.Interface())
			if fullErr != nil || wantErr != nil {
				if err == nil && wantErr != nil {
					t.Fatalf("%s #%d: AppendJSONWith wrote %s where json.Marshal fails: %v", rt.Name(), i, got, wantErr)
				}
				continue
			}
			if err != nil {
				t.Fatalf("%s #%d: AppendJSONWith: %v", rt.Name(), i, err)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("%s #%d: AppendJSONWith wrote\n%s\njson.Marshal without Levy's members\n%s", rt.Name(), i, got, want)
			}
			cleared += n
		}
	}
	if cleared < 100 {
		t.Errorf("only %d members of Levy's own were set in the random values: the test compares too few", cleared)
	}
	// The zero options write what AppendJSON writes.
	r := benchResponse()
	a, err1 := r.AppendJSON(nil)
	b, err2 := r.AppendJSONWith(nil, AppendOptions{})
	if err1 != nil || err2 != nil || !bytes.Equal(a, b) {
		t.Errorf("AppendJSONWith(zero options) differs from AppendJSON: %v %v\n%s\n%s", err1, err2, b, a)
	}
}

// TestOwnMembers lists the members of Levy's own, so that tagging
// another one is a change its reviewer sees.
func TestOwnMembers(t *testing.T) {
	var got []string
	seen := map[reflect.Type]bool{}
	var walk func(t reflect.Type)
	walk = func(t reflect.Type) {
		for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice {
			t = t.Elem()
		}
		if t.Kind() != reflect.Struct || seen[t] {
			return
		}
		seen[t] = true
		for i := range t.NumField() {
			sf := t.Field(i)
			if sf.Tag.Get("levy") == "own" {
				got = append(got, t.Name()+"."+sf.Name)
			}
			walk(sf.Type)
		}
	}
	for _, root := range encodeRoots {
		walk(reflect.TypeOf(root))
	}
	want := []string{"Location.TaxAreaLookup", "PurchaseResponse.ProcurementAction"}
	if !reflect.DeepEqual(got, want) && !reflect.DeepEqual(got, []string{want[1], want[0]}) {
		t.Errorf("members tagged levy:\"own\": %v, want %v", got, want)
	}
}
