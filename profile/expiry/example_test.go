package expiry_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/levytax/levy"
	"github.com/levytax/levy/badger"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/einvoice"
	"github.com/levytax/levy/einvoice/webhook"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/profile/expiry"
)

// A certificate is due for its notice from its expiration date less the
// tenant's days to its expiration date itself.
func ExampleDue() {
	c := &profile.Certificate{Number: "TX-1001", CustomerCode: "C-1", Jurisdictions: []string{"US-TX"}, ReasonCode: "G",
		EffectiveDate: civil.MustParse("2025-07-01"), ExpirationDate: civil.MustParse("2026-06-30")}
	for _, d := range []string{"2026-05-30", "2026-05-31", "2026-06-30", "2026-07-01"} {
		notice, due := expiry.Due(c, 30, civil.MustParse(d))
		fmt.Println(d, "notice date", notice, "due", due)
	}
	// Output:
	// 2026-05-30 notice date 2026-05-31 due false
	// 2026-05-31 notice date 2026-05-31 due true
	// 2026-06-30 notice date 2026-05-31 due true
	// 2026-07-01 notice date 2026-05-31 due false
}

// A host runs a Notifier over the profile store and sends its notices
// through the e-invoicing service, which queues each once in its outbox
// for the tenant's connections that ask for certificate events: a second
// scan on the same day queues nothing more.
func ExampleNew() {
	ctx := levy.WithTenant(context.Background(), "acme")
	dir, err := os.MkdirTemp("", "levy-expiry-example")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	store, err := badger.OpenEInvoice(ctx, filepath.Join(dir, "einvoice"))
	if err != nil {
		panic(err)
	}
	defer store.Close()
	// A passive service queues the events without sending them.
	svc, err := einvoice.New(ctx, store, einvoice.Config{Passive: true, AllowPrivateTargets: true, AllowHTTP: true})
	if err != nil {
		panic(err)
	}
	defer svc.Close()
	if _, err := svc.CreateConnection(ctx, einvoice.NewConnection{TargetURL: "https://hooks.example.com/levy",
		SecretKey: strings.Repeat("k", 32), Events: einvoice.Events{Statuses: []string{webhook.EventCertificateExpiring}}}); err != nil {
		panic(err)
	}

	profiles := profile.NewMemory()
	if _, err := profile.NewService(profiles, profile.Config{}).Apply(ctx, "acme", "cli", profile.ChangeSet{
		Policy:    &profile.Policy{ExpiryNoticeDays: 30},
		Customers: []profile.Customer{{Code: "C-1"}},
		Certificates: []profile.Certificate{{Number: "TX-1001", CustomerCode: "C-1", Jurisdictions: []string{"TX"}, ReasonCode: "G",
			EffectiveDate: civil.MustParse("2025-07-01"), ExpirationDate: civil.MustParse("2026-06-30")}},
	}); err != nil {
		panic(err)
	}
	n := expiry.New(profiles, svc, expiry.WithToday(func() civil.Date { return civil.MustParse("2026-06-10") }))
	for range 2 {
		queued, err := n.Scan(ctx)
		fmt.Println("queued", queued, err)
	}
	// Output:
	// queued 1 <nil>
	// queued 0 <nil>
}
