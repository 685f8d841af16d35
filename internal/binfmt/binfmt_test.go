package binfmt

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

func TestRoundTrip(t *testing.T) {
	w := NewWriter("sample", 3)
	w.Uvarint(300)
	w.Varint(-5)
	w.Int(42)
	w.String("Zürich")
	w.Bytes([]byte{1, 2, 3})
	w.Bool(true)
	file, err := w.Finish()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(file, []byte("DO NOT EDIT.")) {
		t.Fatal("generated marker missing from header")
	}
	again, _ := w.Finish()
	if !bytes.Equal(file, again) {
		t.Fatal("same body gave different bytes")
	}
	r, err := Open(file, "sample", 3)
	if err != nil {
		t.Fatal(err)
	}
	if v := r.Uvarint(); v != 300 {
		t.Errorf("Uvarint = %d", v)
	}
	if v := r.Varint(); v != -5 {
		t.Errorf("Varint = %d", v)
	}
	if v := r.Int(); v != 42 {
		t.Errorf("Int = %d", v)
	}
	if v := r.String(); v != "Zürich" {
		t.Errorf("String = %q", v)
	}
	if v := r.Bytes(); !bytes.Equal(v, []byte{1, 2, 3}) {
		t.Errorf("Bytes = %v", v)
	}
	if !r.Bool() {
		t.Error("Bool = false")
	}
	if err := r.Done(); err != nil {
		t.Fatal(err)
	}
}

func TestOpenRefuses(t *testing.T) {
	file, _ := NewWriter("sample", 1).Finish()
	cases := map[string]struct {
		file    []byte
		kind    string
		version int
		want    string
	}{
		"other kind":    {file, "geo", 1, "want \"geo\""},
		"other version": {file, "sample", 2, "not supported"},
		"not ours":      {[]byte("hello\n"), "sample", 1, "not a Levy data file"},
		"empty":         {nil, "sample", 1, "missing header"},
	}
	for name, c := range cases {
		_, err := Open(c.file, c.kind, c.version)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err = %v, want it to mention %q", name, err, c.want)
		}
	}
}

func TestCorruptBodyIsAnError(t *testing.T) {
	w := NewWriter("sample", 1)
	w.Uvarint(1 << 40) // a length far larger than the body
	file, _ := w.Finish()
	r, err := Open(file, "sample", 1)
	if err != nil {
		t.Fatal(err)
	}
	if n := r.Count(1); n != 0 {
		t.Errorf("Count = %d for a corrupt length", n)
	}
	if !errors.Is(r.Err(), ErrCorrupt) {
		t.Errorf("Err = %v, want ErrCorrupt", r.Err())
	}
	if s := r.String(); s != "" {
		t.Errorf("read after error gave %q", s)
	}
}
