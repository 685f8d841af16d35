package nexus

import (
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/profile"
)

// canadaRegistrations returns what a profile's registration r of company
// counts for in Canada's rows of a report. A registration of Canada
// ("CA") is one for the GST/HST (data.NexusCanada), both of its rows. One
// of a province ("CA-BC") is one for the province's own row; it counts
// for the GST/HST rows too only when its number is a GST/HST number of
// the normal regime (journal.RegisteredForGSTHST: the registration of a
// seller that keeps its HST under the province, "CA-ON"), with the
// province named in the source. A registration for British Columbia's
// PST, Saskatchewan's PST, Manitoba's RST or Québec's QST is not one for
// the GST/HST, although a calculation reads any registration in Canada
// as covering the GST/HST: Revenu Québec administers the GST in Québec,
// but a QST number ("TQ") is not a GST/HST one ("RT"). Any other
// jurisdiction counts for nothing here.
func canadaRegistrations(r *profile.Registration, company string) []Registration {
	reg := Registration{Company: company, Effective: r.EffectiveDate, End: r.EndDate, Source: "profile"}
	switch {
	case r.Jurisdiction == journal.AreaCanada:
		reg.State, reg.Number = data.NexusCanada, r.Number
		return []Registration{reg}
	case journal.IsCAProvince(r.Jurisdiction):
		own := reg
		own.State, own.Number = r.Jurisdiction, r.Number
		if !journal.RegisteredForGSTHST(journal.Registration{Number: r.Number}) {
			return []Registration{own}
		}
		reg.State, reg.Number, reg.Source = data.NexusCanada, r.Number, "profile, "+r.Jurisdiction
		return []Registration{own, reg}
	}
	return nil
}
