package jsonbody

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestCountItems checks the count of an array's items, which sizes the
// slice the pass allocates, against encoding/json's reading of random
// arrays of objects whose strings hold quotes, backslashes, brackets,
// commas and bytes outside ASCII.
func TestCountItems(t *testing.T) {
	r := rand.New(rand.NewPCG(35, 1128))
	pieces := []string{`a`, `\"`, `\\`, `[`, `]`, `{`, `}`, `,`, `é`, `\u0041`, ` `, `\n`}
	str := func() string {
		var b strings.Builder
		b.WriteByte('"')
		for range r.IntN(6) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		b.WriteByte('"')
		return b.String()
	}
	var value func(depth int) string
	value = func(depth int) string {
		switch k := r.IntN(5); {
		case k == 0 || depth > 3:
			return str()
		case k == 1:
			return "12.5"
		case k == 2:
			items := make([]string, r.IntN(3))
			for i := range items {
				items[i] = value(depth + 1)
			}
			return "[" + strings.Join(items, " , ") + "]"
		default:
			return object(r, depth+1, str, value)
		}
	}
	for range 20000 {
		items := make([]string, 1+r.IntN(5))
		for i := range items {
			items[i] = object(r, 0, str, value)
		}
		body := "[ " + strings.Join(items, ",\n ") + " ]"
		var want []json.RawMessage
		if err := json.Unmarshal([]byte(body), &want); err != nil {
			t.Fatalf("%s: %v", body, err)
		}
		d := pass{data: []byte(body), pos: 2}
		if got := d.countItems(); got != len(want) {
			t.Fatalf("%s: counted %d items, there are %d", body, got, len(want))
		}
	}
	for body, want := range map[string]int{`[1,2]`: 1, `[{},2]`: 1, `[{} , {"a":[1,{}]}, {}]`: 3, `[{"a":"]"}`: 1} {
		d := pass{data: []byte(body), pos: 1}
		if got := d.countItems(); got != want {
			t.Errorf("%s: counted %d, want %d", body, got, want)
		}
	}
}

// object writes a random JSON object.
func object(r *rand.Rand, depth int, str func() string, value func(int) string) string {
	members := make([]string, r.IntN(4))
	for i := range members {
		members[i] = str() + ":" + value(depth)
	}
	return "{" + strings.Join(members, ",") + "}"
}
