package api

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"maps"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/levytax/levy/badger"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/internal/profilecase"
	"github.com/levytax/levy/internal/requesttest"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/profile"
)

// scaledBody is body, a request's JSON, with n copies of its lines
// (requesttest.Scale), the transaction ID mixedID, and the members of set
// over those it has.
func scaledBody(t *testing.T, body []byte, n int, set map[string]any) []byte {
	t.Helper()
	all := map[string]any{"transactionId": mixedID}
	maps.Copy(all, set)
	out, err := requesttest.Scale(body, n, all)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// profileServer is a server over an engine with a Badger journal and the
// profiles of package profilecase (tenants acme and beta), whose tenant
// is the bearer token; and an engine of the same profiles, with a journal
// of its own in memory, to calculate the answers to compare with.
func profileServer(t *testing.T) (*harness, *engine.Engine, journal.Store) {
	t.Helper()
	ctx := context.Background()
	store := profile.NewMemory()
	profilecase.Load(t, store)
	j, err := badger.OpenJournal(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { j.Close() })
	today := engine.WithToday(func() civil.Date { return civil.MustParse("2026-06-01") })
	e, err := engine.New(ctx, engine.WithJournal(j), engine.WithProfileStore(store), today)
	if err != nil {
		t.Fatal(err)
	}
	alone, err := engine.New(ctx, engine.WithJournal(journal.NewMemory()), engine.WithProfileStore(store), today)
	if err != nil {
		t.Fatal(err)
	}
	logs := &syncBuffer{}
	s, err := New(e, WithLogger(slog.New(slog.NewJSONHandler(logs, nil))), WithAuthenticator(tokenAuth{}))
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(s.Handler())
	t.Cleanup(srv.Close)
	return &harness{t: t, api: s, srv: srv, logs: logs}, alone, j
}

// featureDocs are the documents of TestLentFeaturesOfTwoTenants: each of
// the profile example's requests of tenants acme and beta (stored
// certificates that exempt, refusals said in assisted parameters, codes
// mapped, registrations) of one line, a few of 150 and of 1,100 (over
// the bound of a pooled block); communications lines with their fees;
// members not acted on; Brazilian documents of CBS, IBS and the others,
// lent and stored; Canadian accruals leaving the GST to the vendor,
// stored, and purchase orders, lent.
func featureDocs(t *testing.T) []*mixedDoc {
	var docs []*mixedDoc
	for i, c := range profilecase.Cases() {
		body := []byte(strings.ReplaceAll(c.Request, `"`+profilecase.InvoiceID+`"`, `"`+mixedID+`"`))
		keepID := map[string]any{}
		var m map[string]any
		if err := json.Unmarshal(body, &m); err != nil {
			t.Fatal(err)
		}
		if id, ok := m["transactionId"]; ok {
			keepID["transactionId"] = id
		} else {
			keepID["transactionId"] = nil
		}
		sizes := []int{1}
		switch i {
		case 0, 13:
			sizes = append(sizes, 150)
		case 8:
			sizes = append(sizes, 1100)
		}
		for _, n := range sizes {
			set := keepID
			if m["transactionId"] == mixedID {
				set = nil
			}
			docs = append(docs, &mixedDoc{name: c.Tenant + "-" + c.Name + "-" + strconv.Itoa(n), tenant: c.Tenant, path: "/api/v2/supplies",
				body: scaledBody(t, body, n, set)})
		}
	}
	const (
		toronto   = `{"city":"Toronto","mainDivision":"ON","postalCode":"M5V 3L9","country":"CA"}`
		vancouver = `{"city":"Vancouver","mainDivision":"BC","postalCode":"V6B 1A1","country":"CA"}`
		montreal  = `{"city":"Montreal","mainDivision":"QC","postalCode":"H2Y 1C6","country":"CA"}`
	)
	caPurchase := func(kind, vendor, buyer, docCharged string) []byte {
		return []byte(`{"purchaseMessageType":"` + kind + `","transactionType":"PURCHASE","documentDate":"2026-06-01","currency":{"isoCurrencyCodeAlpha":"CAD"},` +
			`"chargedTax":` + docCharged + `,"vendor":{"physicalOrigin":` + vendor + `},"buyer":{"destination":` + buyer + `},` +
			`"lineItems":[{"lineItemId":"1","purchase":{"purchaseClass":"GENERAL"},"extendedPrice":100.00},` +
			`{"lineItemId":"2","purchase":{"purchaseClass":"GENERAL"},"extendedPrice":40.00}]}`)
	}
	quote := map[string]any{"saleMessageType": "QUOTATION"}
	a, b := profilecase.Tenant, profilecase.Other
	docs = append(docs,
		&mixedDoc{name: a + "-comms-1", tenant: a, path: "/api/v2/supplies", body: mixedBody(t, "sale-us-al-communications", 1, nil)},
		&mixedDoc{name: b + "-comms-invoice-300", tenant: b, path: "/api/v2/supplies", body: mixedBody(t, "sale-us-al-communications", 300, map[string]any{"saleMessageType": "INVOICE"})},
		&mixedDoc{name: a + "-not-acted-on-60", tenant: a, path: "/api/v2/supplies", body: mixedBody(t, "sale-not-acted-on", 60, nil)},
		&mixedDoc{name: b + "-br-2027-1", tenant: b, path: "/api/v2/supplies", body: mixedBody(t, "sale-br-2027-document", 1, quote)},
		&mixedDoc{name: a + "-br-2027-1200", tenant: a, path: "/api/v2/supplies", body: mixedBody(t, "sale-br-2027-document", 1200, quote)},
		&mixedDoc{name: b + "-br-2027-invoice-100", tenant: b, path: "/api/v2/supplies", body: mixedBody(t, "sale-br-2027-document", 100, nil)},
		&mixedDoc{name: a + "-ca-accrual-200", tenant: a, path: "/api/v2/procurement", body: scaledBody(t, caPurchase("ACCRUAL", toronto, vancouver, "5.00"), 100, nil)},
		&mixedDoc{name: b + "-ca-order-600", tenant: b, path: "/api/v2/procurement", body: scaledBody(t, caPurchase("PURCHASE_ORDER", toronto, montreal, "3.00"), 300, nil)},
	)
	return docs
}

// TestLentFeaturesOfTwoTenants sends the documents of featureDocs from
// several clients at once over loopback (go test -race) to a server
// whose engine applies two tenants' profiles and stores in Badger: every
// answer's data is the one the same document got from an engine of the
// same profiles alone, and every stored transaction holds the taxes its
// answer gave, though the lent documents carve their taxes from blocks
// that other documents, of the other tenant too, handed back.
func TestLentFeaturesOfTwoTenants(t *testing.T) {
	h, alone, j := profileServer(t)
	docs := featureDocs(t)
	var sent atomic.Int64
	id := func() string { return "LENDFEAT-" + strconv.FormatInt(sent.Add(1), 10) }
	kept := map[string]func(tenant string, body []byte) (string, error){
		"/api/v2/supplies":    keptAnswer(alone, (*engine.Engine).Sale),
		"/api/v2/procurement": keptAnswer(alone, (*engine.Engine).Purchase),
	}
	for _, d := range docs {
		sending := id()
		want, err := kept[d.path](d.tenant, bytes.ReplaceAll(d.body, []byte(mixedID), []byte(sending)))
		if err != nil {
			t.Fatalf("%s kept: %v", d.name, err)
		}
		d.want = strings.ReplaceAll(want, sending, mixedID)
	}
	type storedAnswer struct {
		doc  *mixedDoc
		id   string
		data string
	}
	var mu sync.Mutex
	var answers []storedAnswer
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(uint64(g), 5))
			for range len(docs) {
				d := docs[rng.IntN(len(docs))]
				sending := id()
				status, data, err := sendMixed(h, d, sending)
				if err != nil || status != http.StatusOK {
					t.Errorf("%s: %d %v %.2000s", d.name, status, err, data)
					continue
				}
				if data != d.want {
					t.Errorf("%s: under load, lent\n%.4000s\nalone\n%.4000s", d.name, data, d.want)
					continue
				}
				mu.Lock()
				answers = append(answers, storedAnswer{d, sending, data})
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	checked := 0
	for _, a := range answers {
		tx, err := j.Get(context.Background(), a.doc.tenant, a.id)
		if err != nil {
			continue // not a stored kind
		}
		checked++
		var resp struct {
			TotalTax json.Number `json:"totalTax"`
			Lines    []struct {
				Taxes []struct {
					Jurisdiction struct {
						ID string `json:"jurisdictionId"`
					} `json:"jurisdiction"`
					Tax json.Number `json:"calculatedTax"`
				} `json:"taxes"`
			} `json:"lineItems"`
		}
		if err := json.Unmarshal([]byte(a.data), &resp); err != nil {
			t.Fatal(err)
		}
		if tx.TotalTax.String() != string(resp.TotalTax) || len(tx.Lines) != len(resp.Lines) {
			t.Errorf("%s (%s): stored total %s over %d lines, answered %s over %d", a.doc.name, a.id, tx.TotalTax, len(tx.Lines), resp.TotalTax, len(resp.Lines))
			continue
		}
		for i, l := range tx.Lines {
			if len(l.Taxes) != len(resp.Lines[i].Taxes) {
				t.Errorf("%s line %d: stored %d taxes, answered %d", a.doc.name, i, len(l.Taxes), len(resp.Lines[i].Taxes))
				continue
			}
			for k, st := range l.Taxes {
				w := resp.Lines[i].Taxes[k]
				if st.JurisdictionID != w.Jurisdiction.ID || st.Tax.String() != string(w.Tax) {
					t.Errorf("%s line %d tax %d: stored %s %s, answered %s %s", a.doc.name, i, k, st.JurisdictionID, st.Tax, w.Jurisdiction.ID, w.Tax)
				}
			}
		}
	}
	if checked == 0 {
		t.Error("no stored transaction was checked")
	}
	if strings.Contains(h.logs.String(), `"level":"ERROR"`) {
		t.Errorf("the server logged errors: %.4000s", h.logs.String())
	}
}
