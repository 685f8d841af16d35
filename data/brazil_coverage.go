package data

import (
	"fmt"
	"strings"

	"github.com/levytax/levy/civil"
	"github.com/shopspring/decimal"
)

// BrazilCoverage is what Levy holds of Brazil, for `levy data coverage
// --country BR` and data/COVERAGE.md: each state's ICMS facts in force
// on a day, the reform's rates and the sizes of the code lists.
type BrazilCoverage struct {
	Date   civil.Date        `json:"date"`
	States []BRStateCoverage `json:"states"`
	// Reform are the CBS and IBS rates, every year.
	Reform []BRReformCoverage `json:"reform"`
	// The sizes of the tables.
	NCMCodes       int `json:"ncmCodes"`
	NCMUnknownRate int `json:"ncmUnknownRate"`
	CFOPCodes      int `json:"cfopCodes"`
	CNAECodes      int `json:"cnaeCodes"`
	ServiceItems   int `json:"serviceItems"`
	SingleStage    int `json:"singleStageRows"`
	Municipalities int `json:"municipalities"`
	// ISSRates are the municipal ISS rates loaded as content, and
	// ISSFiles their files.
	ISSRates int      `json:"issRates"`
	ISSFiles []string `json:"issFiles,omitempty"`
	Note     string   `json:"note"`
}

// BRStateCoverage is a state's row of the coverage.
type BRStateCoverage struct {
	UF               string `json:"uf"`
	Name             string `json:"name"`
	Rate             string `json:"internalRate"`
	Since            string `json:"since"`
	Act              string `json:"act"`
	Status           string `json:"status"`
	FCP              string `json:"fcp"`
	FCPListed        string `json:"fcpListed"`
	DIFAL            string `json:"difal"`
	DIFALContributor string `json:"difalContributor"`
}

// BRReformCoverage is a CBS or IBS rate of the coverage.
type BRReformCoverage struct {
	Tax         string `json:"tax"`
	Rate        string `json:"rate"`
	From        string `json:"from"`
	To          string `json:"to"`
	Provisional bool   `json:"provisional"`
}

// pct writes a fraction as a percentage: 0.205 as "20.5%".
func pct(d decimal.Decimal) string { return d.Shift(2).String() + "%" }

// Coverage returns the coverage of b on day d; municipalities is the
// number of municipal jurisdictions of the dataset.
func (b *Brazil) Coverage(d civil.Date, municipalities int) BrazilCoverage {
	c := BrazilCoverage{Date: d, NCMCodes: len(b.t.NCM), CFOPCodes: len(b.t.CFOP), CNAECodes: len(b.t.CNAE),
		SingleStage: len(b.t.SingleStage), Municipalities: municipalities, ISSRates: len(b.iss), ISSFiles: b.issFiles,
		Note: "internal/datagen/br/br.md says what is modelled and what is not; docs/brazil.md how requests drive it"}
	for _, n := range b.t.NCM {
		if !n.RateKnown {
			c.NCMUnknownRate++
		}
	}
	for _, s := range b.t.Services {
		if !s.Group {
			c.ServiceItems++
		}
	}
	for _, s := range b.t.States {
		row := BRStateCoverage{UF: s.UF, Name: s.Name, Rate: "none known", Status: s.Status, FCP: pct(s.FCP.Value),
			FCPListed: "not known", DIFAL: s.DIFALOn(d, false).Name(), DIFALContributor: s.DIFALOn(d, true).Name()}
		if r, ok := s.InternalRate(d); ok {
			row.Rate, row.Act, row.Since = pct(r.Value), r.Source, "always"
			if !r.Effective.IsZero() {
				row.Since = r.Effective.String()
			}
		}
		if s.FCPListedKnown {
			row.FCPListed = pct(s.FCPListed)
		}
		c.States = append(c.States, row)
	}
	for _, r := range b.t.Reform {
		to := ""
		if !r.Expiration.IsZero() {
			to = r.Expiration.String()
		}
		c.Reform = append(c.Reform, BRReformCoverage{Tax: r.Tax, Rate: pct(r.Value), From: r.Effective.String(), To: to, Provisional: r.Provisional})
	}
	return c
}

// Markdown writes the coverage as Markdown tables.
func (c BrazilCoverage) Markdown() string {
	var b strings.Builder
	fmt.Fprintf(&b, "ICMS of the 27 states in force on %s: the general internal rate and the act that sets it, the poverty-fund surcharges "+
		"(on every good, and on the goods of the state's list with the transaction condition FCP_LISTA), and the DIFAL base of the state as a destination. "+
		"%s.\n\n", c.Date, c.Note)
	b.WriteString("| UF | state | internal rate | since | act | status | FCP | FCP on listed goods | DIFAL base (non-contributor) | DIFAL base (contributor) |\n")
	b.WriteString("|---|---|---:|---|---|---|---:|---:|---|---|\n")
	for _, s := range c.States {
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", s.UF, s.Name, s.Rate, s.Since,
			strings.ReplaceAll(s.Act, "|", "/"), strings.ReplaceAll(s.Status, "|", "/"), s.FCP, s.FCPListed, s.DIFAL, s.DIFALContributor)
	}
	b.WriteString("\nCBS and IBS (LC 214/2025); provisional rows are placeholders that responses flag:\n\n")
	b.WriteString("| tax | rate | from | to | provisional |\n|---|---:|---|---|---|\n")
	for _, r := range c.Reform {
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %v |\n", r.Tax, r.Rate, r.From, r.To, r.Provisional)
	}
	fmt.Fprintf(&b, "\nNCM codes (with their Ex rows): %d, of which %d have no IPI rate Levy trusts. Single-stage PIS/COFINS rows: %d. "+
		"CFOP codes: %d. CNAE codes: %d. LC 116 service items: %d. Municipalities: %d. ",
		c.NCMCodes, c.NCMUnknownRate, c.SingleStage, c.CFOPCodes, c.CNAECodes, c.ServiceItems, c.Municipalities)
	if c.ISSRates == 0 {
		b.WriteString("Municipal ISS rates loaded: none (they are not open data: load them with --content br-iss:FILE).\n")
	} else {
		fmt.Fprintf(&b, "Municipal ISS rates loaded: %d (from %s).\n", c.ISSRates, strings.Join(c.ISSFiles, ", "))
	}
	return b.String()
}
