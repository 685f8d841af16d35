package jsonbody_test

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"github.com/levytax/levy/internal/jsonbody"
	"github.com/levytax/levy/wire"
)

// TestDecodeOneLineAllocs: after a first body, a one-line QUOTATION
// decodes in at most 10 allocations (the decoded request's pointers'
// targets in one block, its short strings in one chunk, its amounts).
// Each target and each string took one of its own before: 27.
func TestDecodeOneLineAllocs(t *testing.T) {
	body := quotation(t, 1)
	var first wire.SaleRequest
	if err := jsonbody.Decode(bytes.NewReader(body), &first, 1<<20); err != nil {
		t.Fatal(err)
	}
	r := bytes.NewReader(body)
	n := testing.AllocsPerRun(200, func() {
		r.Reset(body)
		var req wire.SaleRequest
		if err := jsonbody.Decode(r, &req, 1<<20); err != nil || len(req.LineItems) != 1 {
			t.Fatal(err)
		}
	})
	if n > 10 {
		t.Errorf("a one-line QUOTATION decodes in %.1f allocations, want at most 10", n)
	}
}

// blockDoc has pointers of several types, and lines that hold more;
// the block of its plan is learnt from the first body of
// TestBlockLearntFromOneBody, which no other test decodes into.
type blockDoc struct {
	Name  string       `json:"name"`
	From  *blockPlace  `json:"from"`
	To    *blockPlace  `json:"to"`
	Who   *blockWho    `json:"who"`
	Lines []blockLine  `json:"lines"`
	Note  *string      `json:"note"`
	More  []*blockWho  `json:"more"`
	Deep  *blockDeeper `json:"deep"`
}

type blockPlace struct {
	City    string `json:"city"`
	Country string `json:"country"`
}

type blockWho struct {
	Code string      `json:"code"`
	At   *blockPlace `json:"at"`
}

type blockLine struct {
	ID    string      `json:"id"`
	Where *blockPlace `json:"where"`
	Qty   *int        `json:"qty"`
}

type blockDeeper struct {
	Who  *blockWho   `json:"who"`
	Also *blockPlace `json:"also"`
}

// TestBlockLearntFromOneBody decodes, into one type, a first body that
// sets the layout of its block, then bodies that use fewer of its places,
// more of them than it has, and targets of types it has no place for:
// each decodes to the reference decoder's value, and the values of
// earlier bodies are unchanged by the later ones.
func TestBlockLearntFromOneBody(t *testing.T) {
	bodies := []string{
		`{"name":"first","from":{"city":"Seattle","country":"US"},"to":{"city":"Los Angeles","country":"US"},
		  "who":{"code":"C-1"},"lines":[{"id":"1","where":{"city":"Portland"},"qty":2}]}`,
		`{"name":"none"}`,
		`{"name":"fewer","to":{"city":"Fresno"}}`,
		`{"name":"more","from":{"city":"a"},"to":{"city":"b"},"who":{"code":"x","at":{"city":"c"}},
		  "lines":[{"id":"1","where":{"city":"d"},"qty":1},{"id":"2","where":{"city":"e"},"qty":2},{"id":"3","where":{"city":"f"},"qty":3}],
		  "note":"a note","more":[{"code":"m1"},{"code":"m2","at":{"city":"g"}},{"code":"m3"}],
		  "deep":{"who":{"code":"d1","at":{"country":"CA"}},"also":{"city":"h"}}}`,
		`{"name":"` + strings.Repeat("long ", 40) + `","who":{"code":"` + strings.Repeat("é", 40) + `"},"note":"\u00e9\n"}`,
		`{"name":"refused","from":{"city":1}}`,
	}
	var got, want []*blockDoc
	for _, b := range bodies {
		var g, w blockDoc
		errGot := jsonbody.Decode(strings.NewReader(b), &g, 1<<20)
		errWant := jsonbody.DecodeReference([]byte(b), &w)
		if (errGot == nil) != (errWant == nil) || errGot != nil && errGot.Error() != errWant.Error() {
			t.Fatalf("%s: error %v, want %v", b, errGot, errWant)
		}
		if errWant != nil {
			continue
		}
		if !reflect.DeepEqual(g, w) {
			t.Fatalf("%s: Decode gives\n%#v\nthe reference decoder\n%#v", b, g, w)
		}
		got, want = append(got, &g), append(want, &w)
	}
	for i := range got {
		if !reflect.DeepEqual(got[i], want[i]) {
			t.Errorf("body %d changed after later bodies: %#v, want %#v", i, got[i], want[i])
		}
	}
	// The targets of one value are distinct: writing through one pointer
	// changes no other member.
	d := got[3]
	d.From.City, d.To.City, d.Who.At.City = "1", "2", "3"
	d.Lines[0].Where.City, *d.Lines[1].Qty = "4", 20
	if d.Deep.Also.City != "h" || d.Lines[1].Where.City != "e" || *d.Lines[0].Qty != 1 || d.More[1].At.City != "g" ||
		d.From.City != "1" || d.To.City != "2" || d.Who.At.City != "3" || d.Lines[0].Where.City != "4" {
		t.Errorf("the targets of one value share memory: %#v", d)
	}
}
