package datagen

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/jurisdiction"
	"github.com/shopspring/decimal"
)

// The registration thresholds for sellers from elsewhere: the US states'
// economic nexus, the Canadian provinces' with a sales tax of their own
// and Canada's GST/HST. The curated table has one row per jurisdiction
// (and scheme, where a jurisdiction has more than one threshold) and
// period of dates, with the revenue department's publication, what was
// read to check it and what was decided where the sources disagree; the
// US rows are compared with TaxLocus's two tables; all are written to
// nexus.lvd with the document NEXUS.md.
const (
	nexusCuratedFile     = "nexus.csv"
	taxlocusNexusFile    = "rates/us-local/taxlocus/nexus_thresholds.csv"
	taxlocusMarketplaceF = "rates/us-local/taxlocus/marketplace_facilitator_rules.csv"
)

// nexusColumns are the columns of the curated table, in order.
var nexusColumns = []string{"jurisdiction", "scheme", "effective", "expiration", "sales_threshold", "sales_test", "transaction_threshold",
	"transaction_test", "logic", "period", "counts", "marketplace", "collect", "citation", "checked", "decision"}

// genNexus is the step of the thresholds.
func genNexus(g *gen) error {
	f, err := g.curated.Open(nexusCuratedFile)
	if err != nil {
		return err
	}
	defer f.Close()
	rules, err := ReadNexusCSV(f, curatedRef+nexusCuratedFile)
	if err != nil {
		return err
	}
	n, err := data.NewNexusRules(rules)
	if err != nil {
		return fmt.Errorf("%s: %w", curatedRef+nexusCuratedFile, err)
	}
	if err := compareNexus(g, n); err != nil {
		return err
	}
	b, err := data.EncodeNexus(n)
	if err != nil {
		return fmt.Errorf("encode nexus.lvd: %w", err)
	}
	g.emit("nexus.lvd", b)
	g.doc("NEXUS.md", nexusDoc(n))
	g.addSource(Source{
		Key:   "us-nexus",
		Files: curatedRef + nexusCuratedFile + ", " + taxlocusNexusFile + ", " + taxlocusMarketplaceF,
		What: fmt.Sprintf("the economic-nexus thresholds of %d US jurisdictions (states, DC and Puerto Rico), and the registration thresholds of %d Canadian "+
			"provinces and Canada's GST/HST (%d dated rows): amount, transaction count, "+
			"logic, measurement period, the sales that count, marketplace sales, when collection is due, each with the revenue "+
			"department's publication; curated, the US rows compared with TaxLocus's tables, every disagreement decided in the row (data/NEXUS.md)",
			len(usNexusStates(n)), len(n.States())-len(usNexusStates(n))-1, len(n.All())),
		From:        "Levy's curated table; TaxLocus Open Sales-Tax Dataset (2026-08-18) to compare",
		Licence:     "CC-BY-4.0 (TaxLocus)",
		Attribution: "TaxLocus Open Sales-Tax Dataset, https://taxlocus.com, CC-BY-4.0",
	})
	return nil
}

// usTerritory reports whether st is a US territory's code (PR), which
// TaxLocus's tables of the states and DC do not list: its rules are
// compared with nothing, and their decisions say what was read instead.
func usTerritory(st string) bool {
	sub, ok := jurisdiction.SubdivisionOf("US", st)
	return ok && sub.Code == st && sub.Type == jurisdiction.Territory
}

// usNexusStates returns the US states, DC and territories that have
// rules.
func usNexusStates(n *data.NexusRules) []string {
	var out []string
	for _, st := range n.States() {
		if c, _ := data.NexusJurisdiction(st); c == "US" {
			out = append(out, st)
		}
	}
	return out
}

// ReadNexusCSV reads a table of nexus rules in the curated table's
// columns. A bad value is an error that names the file, the line and
// the column. A table in the columns before Canada's rows (its first
// column state, no scheme) is refused, saying what changed.
func ReadNexusCSV(r io.Reader, name string) ([]data.NexusRule, error) {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1
	head, err := cr.Read()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(head) > 0 && strings.TrimPrefix(head[0], "\ufeff") == "state" {
		return nil, levy.Invalid("jurisdiction", "%s: the header is the format before Canada's thresholds (its first column state): "+
			"the columns are now %s, the column state renamed jurisdiction and an empty scheme after it for a US state", name, strings.Join(nexusColumns, ","))
	}
	if !slices.Equal(head, nexusColumns) {
		return nil, fmt.Errorf("%s: the header is %v, want %v", name, head, nexusColumns)
	}
	var out []data.NexusRule
	for line := 2; ; line++ {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		if len(rec) != len(nexusColumns) {
			return nil, fmt.Errorf("%s line %d: %d columns, want %d (%s)", name, line, len(rec), len(nexusColumns), strings.Join(nexusColumns, ","))
		}
		at := func(err error) error {
			var le *levy.Error
			if errors.As(err, &le) {
				return fmt.Errorf("%s line %d column %s: %w", name, line, le.Field, err)
			}
			return fmt.Errorf("%s line %d: %w", name, line, err)
		}
		col := func(c string) string { return strings.TrimSpace(rec[slices.Index(nexusColumns, c)]) }
		x := data.NexusRule{State: col("jurisdiction"), Scheme: col("scheme"), SalesTest: col("sales_test"), TransactionTest: col("transaction_test"),
			Logic: col("logic"), Period: col("period"), Counts: col("counts"), Collect: col("collect"),
			Citation: col("citation"), Checked: col("checked"), Decision: col("decision")}
		for _, d := range []struct {
			col string
			dst *civil.Date
		}{{"effective", &x.Effective}, {"expiration", &x.Expiration}} {
			if v := col(d.col); v != "" {
				if *d.dst, err = civil.Parse(v); err != nil {
					return nil, at(levy.Invalid(d.col, "%q is not a date YYYY-MM-DD", v))
				}
			}
		}
		if x.Sales, err = decimal.NewFromString(col("sales_threshold")); err != nil {
			return nil, at(levy.Invalid("sales_threshold", "%q is not an amount", col("sales_threshold")))
		}
		if v := col("transaction_threshold"); v != "" {
			if x.Transactions, err = strconv.Atoi(v); err != nil {
				return nil, at(levy.Invalid("transaction_threshold", "%q is not a whole number", v))
			}
		}
		switch col("marketplace") {
		case "included":
			x.Marketplace = true
		case "excluded":
		default:
			return nil, at(levy.Invalid("marketplace", "%q is not included or excluded", col("marketplace")))
		}
		if err := x.Check(); err != nil {
			return nil, at(err)
		}
		if host, ok := commercialCitation(x.Citation); ok {
			return nil, at(levy.Invalid("citation", "%s is a commercial tax-data provider's page: cite the revenue department, "+
				"the law, or a publication that is not one, and name the provider in the decision if it was read", host))
		}
		out = append(out, x)
	}
	return out, nil
}

// commercialTaxData are the hosts of commercial tax-rate and tax-content
// providers. A row may name what it read there in its decision, but its
// citation, the publication a reader is sent to for the fact, is never
// one of them.
var commercialTaxData = []string{"avalara.com", "avlr.net", "fonoa.com", "orbitax.com", "salestaxinstitute.com",
	"sovos.com", "taxconnex.com", "taxjar.com", "taxlocus.com", "vatcalc.com", "vertexinc.com", "zip2tax.com"}

// commercialCitation reports whether the citation's host is one of
// commercialTaxData or under one, and returns that host.
func commercialCitation(citation string) (string, bool) {
	u, err := url.Parse(citation)
	if err != nil {
		return "", false
	}
	host := strings.ToLower(u.Hostname())
	for _, d := range commercialTaxData {
		if host == d || strings.HasSuffix(host, "."+d) {
			return host, true
		}
	}
	return "", false
}

// compareNexus checks the rules against TaxLocus's tables: every state
// they list has rules, every rule's state is listed, and where the rule in
// force on TaxLocus's date differs from TaxLocus's row (amount, count,
// logic, period, marketplace), the rule's decision says what was chosen.
func compareNexus(g *gen, n *data.NexusRules) error {
	th, err := readRatesTable(g.path(taxlocusNexusFile), "state", "sales_threshold", "transaction_threshold", "logic", "measurement_period")
	if err != nil {
		return err
	}
	mp, err := readRatesTable(g.path(taxlocusMarketplaceF), "state", "counts_toward_seller_nexus")
	if err != nil {
		return err
	}
	counts := map[string]bool{}
	for _, rec := range mp.Rows {
		counts[mp.Get(rec, "state")] = strings.EqualFold(mp.Get(rec, "counts_toward_seller_nexus"), "true")
	}
	listed := map[string]bool{}
	var faults []string
	for i, rec := range th.Rows {
		st := th.Get(rec, "state")
		listed[st] = true
		r, ok := n.On(st, TaxlocusDate)
		if !ok {
			faults = append(faults, fmt.Sprintf("%s line %d: %s has no rule in force on %s", taxlocusNexusFile, i+2, st, TaxlocusDate))
			continue
		}
		var diff []string
		if v, err := decimal.NewFromString(th.Get(rec, "sales_threshold")); err != nil || !v.Equal(r.Sales) {
			diff = append(diff, "amount "+th.Get(rec, "sales_threshold"))
		}
		if c := th.Get(rec, "transaction_threshold"); c != strconv.Itoa(r.Transactions) && !(c == "" && r.Transactions == 0) {
			diff = append(diff, "count "+c)
		}
		want := map[string]string{"sales_only": data.NexusSales, "sales_or_count": data.NexusOr, "sales_and_count": data.NexusAnd}[th.Get(rec, "logic")]
		if want != r.Logic {
			diff = append(diff, "logic "+th.Get(rec, "logic"))
		}
		period := map[string]string{"current_or_prior_cy": data.NexusCalendarYear, "rolling_12_month": data.Nexus12Months,
			"prior_4_quarters": data.Nexus4QuartersNY}[th.Get(rec, "measurement_period")]
		if period != r.Period {
			diff = append(diff, "period "+th.Get(rec, "measurement_period"))
		}
		if c, ok := counts[st]; ok && c != r.Marketplace {
			diff = append(diff, fmt.Sprintf("marketplace counts %t", c))
		}
		if len(diff) > 0 && r.Decision == "" {
			faults = append(faults, fmt.Sprintf("%s: the rule of %s from %s differs from TaxLocus (%s) and says nothing of it in its decision",
				curatedRef+nexusCuratedFile, st, r.Effective, strings.Join(diff, ", ")))
		}
		if len(diff) > 0 {
			g.log.Info("nexus: differs from TaxLocus, decided", "state", st, "taxlocus", strings.Join(diff, ", "))
		}
	}
	for _, st := range usNexusStates(n) {
		if !listed[st] && !usTerritory(st) {
			faults = append(faults, fmt.Sprintf("%s: %s has rules but no row in %s", curatedRef+nexusCuratedFile, st, taxlocusNexusFile))
		}
	}
	if len(faults) > 0 {
		return errors.New(strings.Join(faults, "; "))
	}
	return nil
}

// nexusDoc is data/NEXUS.md: every rule, with its citation and decision.
func nexusDoc(n *data.NexusRules) string {
	var b strings.Builder
	b.WriteString("<!-- Code generated by go run ./cmd/levydata. DO NOT EDIT. -->\n\n")
	b.WriteString("# Economic nexus and registration thresholds\n\n")
	fmt.Fprintf(&b, "Dataset version %s. ", Version)
	b.WriteString("The thresholds past which a remote seller must register for a US state's sales tax, a Canadian province's (British Columbia's PST, ")
	b.WriteString("Saskatchewan's PST, Manitoba's RST, Québec's QST) or Canada's GST/HST (`CAN`, its small-supplier rule and its simplified ")
	b.WriteString("registration of non-resident sellers), as `levy nexus report` applies them; Canadian amounts are in Canadian dollars ")
	b.WriteString("([docs/nexus.md](../docs/nexus.md)). Curated in [" + curatedRef + nexusCuratedFile + "](../" + curatedRef + nexusCuratedFile + "), ")
	b.WriteString("the US rows compared with TaxLocus's tables; checked: `revenue` (the revenue department's own page was read), `secondary` ")
	b.WriteString("(a publication summarising the law), or blank (TaxLocus's row, with the department's page cited). ")
	b.WriteString("Counts: `gross` (every sale), `retail` (less the sales the customer's exemption exempted, resales and sales to exempt ")
	b.WriteString("organisations alike), `retail-but-resale` (less the sales for resale alone: the sales to exempt organisations and other ")
	b.WriteString("exempt customers count, as the rows' sources say), `taxable` (what the tax was calculated on), `consumer` (Canada's sales ")
	b.WriteString("to customers not registered under the general regime of the threshold's tax).\n\n")
	b.WriteString("| jurisdiction | from | to | amount | count | logic | period | counts | marketplace | collect from | checked | source and decision |\n")
	b.WriteString("|---|---|---|---|---|---|---|---|---|---|---|---|\n")
	// The US states first, then Canada's, as the report lists them.
	all := n.All()
	slices.SortStableFunc(all, func(a, b data.NexusRule) int {
		ca, _ := data.NexusJurisdiction(a.State)
		cb, _ := data.NexusJurisdiction(b.State)
		return -strings.Compare(ca, cb)
	})
	for _, r := range all {
		count := ""
		if r.Transactions > 0 {
			count = r.TransactionTest + " " + strconv.Itoa(r.Transactions)
		}
		mp := "excluded"
		if r.Marketplace {
			mp = "included"
		}
		key := r.State
		if r.Scheme != "" {
			key += " " + r.Scheme
		}
		cur := "$"
		if r.Currency() == "CAD" {
			cur = "C$"
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s %s%s | %s | %s | %s | %s | %s | %s | %s | [%s](%s) %s |\n",
			key, r.Effective, dateOrBlank(r.Expiration), r.SalesTest, cur, r.Sales.StringFixed(0), count, r.Logic, r.Period,
			r.Counts, mp, r.Collect, r.Checked, citationHost(r.Citation), r.Citation, strings.ReplaceAll(r.Decision, "|", "/"))
	}
	return b.String()
}

func dateOrBlank(d civil.Date) string {
	if d.IsZero() {
		return ""
	}
	return d.String()
}

// citationHost is the host of an address, for a link's text.
func citationHost(u string) string {
	u = strings.TrimPrefix(u, "https://")
	if i := strings.IndexByte(u, '/'); i >= 0 {
		u = u[:i]
	}
	return u
}
