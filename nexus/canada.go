package nexus

import (
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/profile"
)

// canadaRegistrations returns what a profile's registration r of company
// counts for in Canada's rows, as Levy's calculations read it: a
// registration of Canada ("CA") is one for the GST/HST (data.NexusCanada);
// one of a province ("CA-BC") is one for its own tax, and also covers
// the GST/HST, which any registration in Canada covers in a calculation
// (its number, the province's, is not repeated there; the source names
// the province). Any other jurisdiction counts for nothing here.
func canadaRegistrations(r *profile.Registration, company string) []Registration {
	reg := Registration{Company: company, Effective: r.EffectiveDate, End: r.EndDate, Source: "profile"}
	switch {
	case r.Jurisdiction == journal.AreaCanada:
		reg.State, reg.Number = data.NexusCanada, r.Number
		return []Registration{reg}
	case journal.IsCAProvince(r.Jurisdiction):
		own := reg
		own.State, own.Number = r.Jurisdiction, r.Number
		reg.State, reg.Source = data.NexusCanada, "profile, "+r.Jurisdiction
		return []Registration{own, reg}
	}
	return nil
}
