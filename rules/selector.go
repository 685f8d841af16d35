package rules

import (
	"fmt"
	"slices"
	"strings"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/jurisdiction"
)

// selector is the part of a Rule or Structure that says where it applies.
type selector struct {
	jurisdiction, jurisdictionType, tax                 string
	within                                              string // a jurisdiction ID the place lies in; "" for any
	productClass, customerClass, usage, transactionType string
	period                                              civil.Period
}

func (s *selector) check() error {
	switch {
	case !s.period.Expiration.IsZero() && s.period.Expiration.Before(s.period.Effective):
		return fmt.Errorf("expiration %s is before effective %s", s.period.Expiration, s.period.Effective)
	case strings.Contains(strings.TrimSuffix(s.jurisdiction, "*"), "*"):
		return fmt.Errorf("jurisdiction %q may hold * only at its end", s.jurisdiction)
	case strings.ContainsAny(s.within, "* \t\n"):
		return fmt.Errorf("within %q must be one exact jurisdiction ID, without * or spaces", s.within)
	}
	if s.jurisdictionType != "" {
		if _, err := jurisdiction.ParseType(s.jurisdictionType); err != nil {
			return fmt.Errorf("jurisdictionType %q is not a jurisdiction type (STATE, COUNTY, CITY, DISTRICT, COUNTRY, PROVINCE, ...): the record would never apply", s.jurisdictionType)
		}
	}
	return nil
}

// specificity counts the set selectors: product class, customer class,
// usage and transaction type count most, jurisdiction type and tax less,
// and a jurisdiction counts the more the longer it is, so "US-CA" is more
// specific than "US-*".
func (s *selector) specificity() int {
	n := 0
	for _, v := range []string{s.productClass, s.customerClass, s.usage, s.transactionType} {
		if v != "" {
			n += 100
		}
	}
	for _, v := range []string{s.jurisdictionType, s.tax, s.within} {
		if v != "" {
			n += 20
		}
	}
	if s.jurisdiction != "" {
		n += 10 + len(strings.TrimSuffix(s.jurisdiction, "*"))
	}
	return n
}

// matches reports whether the selector accepts env on date d.
func (s *selector) matches(env *Env, d civil.Date) bool {
	return s.period.Contains(d) && matchJurisdiction(s.jurisdiction, env) &&
		(s.jurisdictionType == "" || s.jurisdictionType == env.JurisdictionType) &&
		(s.tax == "" || s.tax == env.Tax) &&
		(s.within == "" || inArea(s.within, env.Area)) &&
		(s.productClass == "" || s.productClass == env.ProductClass) &&
		(s.customerClass == "" || s.customerClass == env.CustomerClass) &&
		(s.usage == "" || s.usage == env.Usage) &&
		(s.transactionType == "" || s.transactionType == env.TransactionType)
}

// matchJurisdiction reports whether the jurisdiction selector sel accepts
// env: an exact ID, or a prefix of the jurisdiction's ID or of its
// subdivision's.
func matchJurisdiction(sel string, env *Env) bool {
	if sel == "" {
		return true
	}
	if p, ok := strings.CutSuffix(sel, "*"); ok {
		return strings.HasPrefix(env.JurisdictionID, p) || (env.Subdivision != "" && strings.HasPrefix(env.Subdivision, p))
	}
	return env.JurisdictionID == sel
}

// inArea reports whether id is one of the space-separated IDs of area.
func inArea(id, area string) bool {
	for area != "" {
		var next string
		next, area, _ = strings.Cut(area, " ")
		if next == id {
			return true
		}
	}
	return false
}

// region is the bucket of a jurisdiction selector in an index: the
// subdivision ("US-TN") for selectors within one ("US-TN", "US-TN*",
// "US-TN-CITY-X"), the country ("US") for selectors within a country that
// name no subdivision ("US", "US*", "US-*", "US-47157"), and "" for the
// rest ("", "U*"). An Env visits the buckets of its subdivision, its
// jurisdiction ID, its country and "".
func region(sel string) string {
	p := strings.TrimSuffix(sel, "*")
	if len(p) < 2 || !upper(p[0]) || !upper(p[1]) || (len(p) > 2 && p[2] != '-') {
		return ""
	}
	if len(p) >= 5 && upper(p[3]) && upper(p[4]) && (len(p) == 5 || p[5] == '-') {
		return p[:5]
	}
	return p[:2]
}

func upper(b byte) bool { return b >= 'A' && b <= 'Z' }

// index buckets entries by product class and region so that a lookup
// visits only the entries that could match. Entries keep a global order.
type index struct {
	buckets map[[2]string][]int32 // {productClass, region} -> entry positions, ascending
}

func newIndex(n int, key func(i int) (productClass, region string)) index {
	ix := index{buckets: map[[2]string][]int32{}}
	for i := 0; i < n; i++ {
		pc, rg := key(i)
		k := [2]string{pc, rg}
		ix.buckets[k] = append(ix.buckets[k], int32(i))
	}
	return ix
}

// candidates calls visit with the positions that may match env, in
// ascending order, until visit returns false.
func (ix *index) candidates(env *Env, visit func(i int32) bool) {
	country := ""
	if len(env.JurisdictionID) >= 2 {
		country = env.JurisdictionID[:2]
	}
	var keys [4]string
	nk := 0
	for _, rg := range [3]string{env.Subdivision, env.JurisdictionID, country} {
		if rg != "" && !slices.Contains(keys[:nk], rg) {
			keys[nk] = rg
			nk++
		}
	}
	nk++ // keys[nk-1] is "", the bucket of selectors without a region
	var lists [8][]int32
	n := 0
	for _, pc := range [2]string{env.ProductClass, ""} {
		for _, rg := range keys[:nk] {
			if l := ix.buckets[[2]string{pc, rg}]; len(l) > 0 {
				lists[n] = l
				n++
			}
		}
		if env.ProductClass == "" {
			break
		}
	}
	pos := [8]int{}
	for {
		best, bi := int32(-1), -1
		for k := 0; k < n; k++ {
			if pos[k] < len(lists[k]) && (bi < 0 || lists[k][pos[k]] < best) {
				best, bi = lists[k][pos[k]], k
			}
		}
		if bi < 0 {
			return
		}
		pos[bi]++
		if !visit(best) {
			return
		}
	}
}
