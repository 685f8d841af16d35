package taxarea_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/internal/fuzzcheck"
	"github.com/levytax/levy/taxarea"
	"github.com/levytax/levy/wire"
)

// The lookup bodies of FuzzLookupBodies, by the input's kind modulo
// lookupKinds: the bodies of POST /address-lookup, /coordinates-lookup,
// /taxareaid-lookup, /external-jurisdiction-lookup and /find-taxareas.
const (
	kindAddress = iota
	kindCoordinates
	kindTaxAreaID
	kindExternal
	kindBatch
	lookupKinds
)

// lookupHang is how long one lookup may take before FuzzLookupBodies
// calls it a hang; lookups are index probes of microseconds.
const lookupHang = 5 * time.Second

var fuzzResolver = sync.OnceValues(func() (*taxarea.Resolver, error) {
	return taxarea.New(context.Background(), data.Default(),
		taxarea.WithToday(func() civil.Date { return civil.MustParse("2026-11-21") }))
})

// FuzzLookupBodies decodes a lookup body the way the API does
// (wire.Decode with the API's 1 MiB limit) into the request of its
// kind and resolves it. Neither step may panic or hang, and:
//   - every error is a levy error with a code and a message;
//   - a response has results, encodes without null, and every
//     jurisdiction of a result has an ID and a type;
//   - the same request answers the same the second time;
//   - a batch answers each search in order under its lookupId, with
//     the results the single lookup of the search gives (none where
//     the single lookup finds nothing).
func FuzzLookupBodies(f *testing.F) {
	f.Add(uint8(kindAddress), []byte(`{"postalAddress":{"streetAddress1":"350 5th Ave","city":"New York","mainDivision":"NY","postalCode":"10118"},"asOfDate":"2026-06-01"}`))
	f.Add(uint8(kindAddress), []byte(`{"postalAddress":{"city":"Evanston","mainDivision":"Californa","postalCode":"60606"}}`))
	f.Add(uint8(kindAddress), []byte(`{"postalAddress":{"city":"Seattle","mainDivision":"WA","postalCode":"98004-1234"}}`))
	f.Add(uint8(kindCoordinates), []byte(`{"coordinates":{"latitude":34.0522,"longitude":-118.2437}}`))
	f.Add(uint8(kindTaxAreaID), []byte(`{"taxAreaId":"1"}`))
	f.Add(uint8(kindExternal), []byte(`{"externalJurisdictionCode":"06037","country":"US"}`))
	f.Add(uint8(kindBatch), []byte(`[{"lookupId":"a","lookupRequest":{"externalJurisdictionCode":"CA-ON","country":"CA"}},{"lookupId":"b","lookupRequest":{"coordinates":{"latitude":48.85837,"longitude":2.294481}}}]`))
	f.Fuzz(func(t *testing.T, kind uint8, body []byte) {
		r, err := fuzzResolver()
		if err != nil {
			t.Fatal(err)
		}
		ctx := context.Background()
		switch kind % lookupKinds {
		case kindAddress:
			fuzzLookup(t, body, func(req wire.AddressLookupRequest) (*wire.LookupResponse, error) {
				return r.LookupAddress(ctx, req)
			})
		case kindCoordinates:
			fuzzLookup(t, body, func(req wire.CoordinatesLookupRequest) (*wire.LookupResponse, error) {
				return r.LookupCoordinates(ctx, req)
			})
		case kindTaxAreaID:
			fuzzLookup(t, body, func(req wire.TaxAreaIDLookupRequest) (*wire.LookupResponse, error) {
				return r.LookupTaxAreaID(ctx, req)
			})
		case kindExternal:
			fuzzLookup(t, body, func(req wire.ExternalJurisdictionLookupRequest) (*wire.LookupResponse, error) {
				return r.LookupExternal(ctx, req)
			})
		case kindBatch:
			fuzzBatch(t, r, body)
		}
	})
}

// fuzzLookup decodes body into a Req and runs lookup on it twice.
func fuzzLookup[Req any](t *testing.T, body []byte, lookup func(Req) (*wire.LookupResponse, error)) {
	var req Req
	if err := wire.Decode(bytes.NewReader(body), &req, 1<<20); err != nil {
		fuzzcheck.LevyError(t, err)
		return
	}
	resp, err := timed(func() (*wire.LookupResponse, error) { return lookup(req) })
	if err != nil {
		fuzzcheck.LevyError(t, err)
		if resp != nil {
			t.Fatalf("a response with the error %v", err)
		}
		return
	}
	if resp == nil || len(resp.LookupResults) == 0 {
		t.Fatalf("a lookup succeeded without results: %+v", resp)
	}
	checkResults(t, resp.LookupResults)
	again, err := lookup(req)
	if err != nil || !reflect.DeepEqual(resp, again) {
		t.Fatalf("the same lookup answered differently: %+v (%v), then %+v", resp, err, again)
	}
}

// fuzzBatch decodes body as a batch of searches and runs it.
func fuzzBatch(t *testing.T, r *taxarea.Resolver, body []byte) {
	var searches []wire.Search
	if err := wire.Decode(bytes.NewReader(body), &searches, 1<<20); err != nil {
		fuzzcheck.LevyError(t, err)
		return
	}
	ctx := context.Background()
	out, err := timed(func() ([]wire.SearchResult, error) { return r.Find(ctx, searches) })
	if err != nil {
		fuzzcheck.LevyError(t, err)
		return
	}
	if len(out) != len(searches) {
		t.Fatalf("%d searches, %d answers", len(searches), len(out))
	}
	for i, s := range searches {
		if out[i].LookupID != s.LookupID {
			t.Fatalf("answer %d has lookupId %q, want %q", i, out[i].LookupID, s.LookupID)
		}
		if out[i].Results == nil {
			t.Fatalf("answer %d has nil results", i)
		}
		checkResults(t, out[i].Results)
		var single *wire.LookupResponse
		switch {
		case s.Address != nil:
			single, err = r.LookupAddress(ctx, *s.Address)
		case s.Coordinates != nil:
			single, err = r.LookupCoordinates(ctx, *s.Coordinates)
		case s.TaxAreaID != nil:
			single, err = r.LookupTaxAreaID(ctx, *s.TaxAreaID)
		case s.External != nil:
			single, err = r.LookupExternal(ctx, *s.External)
		default:
			t.Fatalf("search %d has no request but the batch succeeded", i)
		}
		switch {
		case levy.ErrorCode(err) == levy.ENotFound:
			if len(out[i].Results) != 0 {
				t.Fatalf("search %d found nothing alone but %d results in the batch", i, len(out[i].Results))
			}
		case err != nil:
			t.Fatalf("search %d failed alone (%v) but not in the batch", i, err)
		case !reflect.DeepEqual(single.LookupResults, out[i].Results):
			t.Fatalf("search %d answered %+v alone and %+v in the batch", i, single.LookupResults, out[i].Results)
		}
	}
	b, err := json.Marshal(out)
	if err != nil {
		t.Fatalf("encode the answers: %v", err)
	}
	if fuzzcheck.HasNull(t, b) {
		t.Fatalf("the answers encode with null: %s", b)
	}
}

// timed runs fn and panics, killing the fuzzing process so that the
// fuzzer keeps the input, when fn has not returned after lookupHang: a
// lookup that hangs never returns to be measured.
func timed[T any](fn func() (T, error)) (T, error) {
	t := time.AfterFunc(lookupHang, func() { panic(fmt.Sprintf("the lookup still runs after %v", lookupHang)) })
	defer t.Stop()
	return fn()
}

// checkResults checks results of a lookup and that they encode without
// null.
func checkResults(t *testing.T, results []wire.LookupResult) {
	t.Helper()
	for i, res := range results {
		if len(res.Statuses) == 0 {
			t.Fatalf("result %d has no status: %+v", i, res)
		}
		for _, st := range res.Statuses {
			if st.LookupResult != wire.Normal && res.ConfidenceIndicator == "100" {
				t.Fatalf("result %d has confidence 100 with the status %s: %+v", i, st.LookupResult, res)
			}
		}
		for _, j := range res.Jurisdictions {
			if j.JurisdictionID == "" || !j.JurisdictionType.Valid() {
				t.Fatalf("result %d lists a jurisdiction without an ID or a valid type: %+v", i, j)
			}
		}
	}
	b, err := json.Marshal(wire.LookupResponse{LookupResults: results})
	if err != nil {
		t.Fatalf("encode the results: %v", err)
	}
	if fuzzcheck.HasNull(t, b) {
		t.Fatalf("the results encode with null: %s", b)
	}
}
