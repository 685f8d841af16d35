package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/levytax/levy"
	"github.com/levytax/levy/einvoice"
	"github.com/levytax/levy/einvoice/render"
	"github.com/levytax/levy/einvoice/ubl"
	"github.com/levytax/levy/journal"
)

const einvoiceUsage = `usage:
  levy einvoice render (--data-dir DIR | --database URL) [--tenant T] --transaction ID [--syntax ubl|cii] [--out FILE] [--submit]
                       [--seller-endpoint SCHEME:ID] [--buyer-endpoint SCHEME:ID] [--seller-name NAME] [--buyer-name NAME]
                       [--buyer-reference REF] [--order-reference REF] [--iban IBAN] [--due-date YYYY-MM-DD]
                       [--contact-name NAME] [--contact-phone PHONE] [--contact-email EMAIL]

render writes the EN 16931 e-invoice of a stored invoice: the seller's
INVOICE or DISTRIBUTE_TAX calculation that the tax journal keeps under
--transaction (a reversal becomes a credit note that refers to the
invoice it reverses). --syntax ubl (the default) writes UBL 2.1, as Peppol
BIS Billing 3.0 when both --seller-endpoint and --buyer-endpoint are
given; cii writes UN/CEFACT CII. Levy's VAT becomes the VAT breakdown
(categories S, Z, E, AE, K, G and O); a transaction that cannot become an
e-invoice (sales tax that is not VAT, VAT owed where the seller is not
registered, lines of several customers, a document that Levy's rules of
EN 16931 would refuse) is refused with the reasons. The other flags give
what the journal does not keep: the parties' electronic addresses, names
that replace the seller's company code and the customer's name, the
buyer's reference (Peppol wants it, or --order-reference), the IBAN to pay
to, the due date and the seller's contact (Peppol's German rules want
them between German parties).

The document goes to standard output, or to --out. --submit puts it
through the e-invoicing workflow instead, as POST /einvoicing/v1/documents
does, and prints its record: the server processes it and sends its
webhook events when it runs (over --database, the nodes of the cluster
do). The same e-invoice of a transaction is submitted once, as by
.../submit without an Idempotency-Key: submitted again, it is not sent
twice, and the command prints the first record. --data-dir opens a data directory that no server holds; a running
server renders with POST /einvoicing/v1/transactions/{transactionId}/render
and .../submit.
`

// runEInvoice runs an e-invoicing command: levy einvoice render.
func runEInvoice(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if cmd, err := subcommand(args, "einvoice", "command", einvoiceUsage, []string{"render"}, stdout, stderr); cmd == "" {
		return err
	}
	fs := flag.NewFlagSet("levy einvoice render", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, einvoiceUsage) }
	var sf storeFlags
	sf.registerLocal(fs, envOfContext(ctx))
	tenant := fs.String("tenant", levy.DefaultTenant, "tenant whose journal holds the transaction")
	id := fs.String("transaction", "", "the transaction ID of the stored invoice (required)")
	syntax := fs.String("syntax", "ubl", "ubl (UBL 2.1; Peppol BIS Billing 3.0 with both endpoints) or cii (UN/CEFACT CII)")
	out := fs.String("out", "", "write the document to this file instead of standard output (-, or none, for standard output)")
	submit := fs.Bool("submit", false, "submit the document to the e-invoicing workflow and print its record")
	var o render.Options
	fs.StringVar(&o.SellerEndpoint, "seller-endpoint", "", "the seller's electronic address, scheme:id (such as 0088:5790000435975)")
	fs.StringVar(&o.BuyerEndpoint, "buyer-endpoint", "", "the buyer's electronic address, scheme:id")
	fs.StringVar(&o.SellerName, "seller-name", "", "the seller's name (default: its company code)")
	fs.StringVar(&o.BuyerName, "buyer-name", "", "the buyer's name (default: the customer's name, else its code)")
	fs.StringVar(&o.BuyerReference, "buyer-reference", "", "the buyer's reference (BT-10), such as a Leitweg-ID")
	fs.StringVar(&o.OrderReference, "order-reference", "", "the purchase order reference (BT-13)")
	fs.StringVar(&o.IBAN, "iban", "", "the account to pay to: payment by SEPA credit transfer")
	var due dateFlag
	fs.Var(&due, "due-date", "the payment due date (YYYY-MM-DD)")
	fs.StringVar(&o.ContactName, "contact-name", "", "the seller's contact person")
	fs.StringVar(&o.ContactPhone, "contact-phone", "", "the seller's contact phone")
	fs.StringVar(&o.ContactEmail, "contact-email", "", "the seller's contact e-mail")
	if helpRequested(args[1:]) {
		printHelp(stdout, einvoiceUsage, fs, commandEnv([]string{"einvoice"}))
		return nil
	}
	if err := parseFlags(fs, args[1:]); err != nil {
		return err
	}
	switch {
	case *id == "":
		return badFlag("transaction", "--transaction is required")
	case sf.dataDir == "" && sf.database == "":
		return badFlags([]string{"data-dir", "database"}, "--data-dir or --database is required")
	case *syntax != "ubl" && *syntax != "cii":
		return badFlag("syntax", "unknown --syntax %q: ubl or cii", *syntax)
	case *submit && *out != "":
		return badFlags([]string{"submit", "out"}, "--submit and --out are exclusive: the document goes to the workflow or to a file")
	}
	if err := checkOutFile(*out); err != nil {
		return err
	}
	o.Syntax, o.DueDate = ubl.Syntax(*syntax), due.d
	st, store, err := sf.openJournal(ctx, fmt.Sprintf("render through it with POST /einvoicing/v1/transactions/%s/render", *id))
	if err != nil {
		return err
	}
	defer st.Close()
	doc, err := renderStored(ctx, store, *tenant, *id, o)
	if err != nil {
		return err
	}
	if *submit {
		// The Pending event names the tenant as levy serve's events of
		// the same document do: by the UUID kept with its credentials.
		creds, err := st.auth(ctx)
		if err != nil {
			return fmt.Errorf("opening the credentials, which keep the tenants' UUIDs that webhook events carry: %w", err)
		}
		svc, err := st.einvoice(ctx, einvoice.Config{Passive: true, TenantID: creds.TenantID}) // st.Close closes them
		if err != nil {
			return err
		}
		// The key .../submit derives: the same e-invoice of a transaction
		// is submitted once, however often the command runs.
		d, created, err := svc.Submit(levy.WithTenant(ctx, *tenant), doc.Content, einvoice.TransactionKey(*id, doc.Content))
		if err != nil {
			return err
		}
		if created {
			noteDone(stdout, func() string {
				return fmt.Sprintf("transaction %s was submitted to the e-invoicing workflow as document %s", *id, d.DocumentID)
			})
		} else {
			fmt.Fprintf(stderr, "levy: this e-invoice of transaction %s was submitted before, as document %s (status %s); it is not submitted again\n", *id, d.DocumentID, d.Status)
		}
		return printJSON(stdout, d)
	}
	for _, p := range doc.Warnings {
		fmt.Fprintf(stderr, "levy: warning: %s\n", p)
	}
	if err := writeOut(*out, stdout, doc.Content); err != nil || toStdout(*out) {
		return err
	}
	kind := "invoice"
	if doc.Kind == "CreditNote" {
		kind = "credit note"
	}
	fmt.Fprintf(stderr, "wrote the %s %s of transaction %s to %s (%s%s)\n", kind, doc.Number, *id, *out, doc.Syntax, map[bool]string{true: ", Peppol BIS Billing 3.0"}[doc.Peppol])
	return nil
}

// renderStored renders the stored transaction id of tenant, with the
// original a reversal reverses.
func renderStored(ctx context.Context, store journal.Store, tenant, id string, o render.Options) (*render.Rendered, error) {
	tx, err := store.Get(ctx, tenant, id)
	if err != nil {
		return nil, err
	}
	if tx.ReversalOf != "" {
		orig, err := journal.Original(ctx, store, tenant, tx)
		switch {
		case err == nil:
			o.Original = orig
		case levy.ErrorCode(err) != levy.ENotFound:
			return nil, err
		}
	}
	out, err := render.Render(tx, o)
	var errs levy.Errors
	if errors.As(err, &errs) && len(errs) > 1 {
		// Every reason, not only the first.
		msg := fmt.Sprintf("transaction %s cannot become an e-invoice:", id)
		for _, e := range errs {
			msg += "\n  " + e.Message
		}
		return nil, errors.New(msg)
	}
	return out, err
}
