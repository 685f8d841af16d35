package profile_test

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/internal/jsonbody"
	"github.com/levytax/levy/profile"
)

// FuzzApply decodes any bytes as a JSON change set, as the admin route
// /admin/v1/profile/import and levy profile import of a .json file do,
// and applies it to a fresh profile, then again: nothing panics, a
// refusal is a levy.Error (of the input, never internal), and a change
// set taken once is stored so that the records read back encode and
// decode as a change set again.
func FuzzApply(f *testing.F) {
	for _, s := range []string{
		`{"customers":[{"code":"C-1","name":"Alpha","isBusiness":true}]}`,
		`{"customers":[{"code":"C-1"}],"certificates":[{"number":"TX-1","customerCode":"C-1","jurisdictions":["TX"],"reasonCode":"G","effectiveDate":"2026-01-01"}]}`,
		`{"registrations":[{"jurisdiction":"TX","number":"1"}],"products":[{"code":"SKU-1","class":"SAAS"}]}`,
		`{"policy":{"expiryNoticeDays":30}}`,
		`{"franchises":[{"areaId":"A-1","name":"Fee","basis":"revenue","rate":"0.05","effectiveDate":"2026-01-01"}]}`,
	} {
		f.Add([]byte(s))
	}
	v := dataset(f)
	f.Fuzz(func(t *testing.T, raw []byte) {
		var cs profile.ChangeSet
		if err := jsonbody.Decode(bytes.NewReader(raw), &cs, 1<<20); err != nil {
			return
		}
		svc := profile.NewService(profile.NewMemory(), profile.Config{Validator: v})
		ctx := context.Background()
		for range 2 {
			if _, err := svc.Apply(ctx, "fuzz", "fuzz", cs); err != nil {
				if c := levy.ErrorCode(err); c == levy.EInternal || c == "" {
					t.Fatalf("a change set refused with %q: %v", c, err)
				}
				return
			}
		}
		recs, err := svc.Records(ctx, "fuzz", time.Time{})
		if err != nil {
			t.Fatal(err)
		}
		b, err := json.Marshal(recs)
		if err != nil {
			t.Fatalf("the stored records do not encode: %v", err)
		}
		var back profile.ChangeSet
		if err := jsonbody.Decode(bytes.NewReader(b), &back, 1<<24); err != nil {
			t.Fatalf("the stored records do not read back as a change set: %v\n%s", err, b)
		}
	})
}
