package wire

import (
	"net/netip"

	"github.com/levytax/levy/money"
)

// The constraints of this file involve several fields of one value; the
// walk of validate_gen.go calls them after checking the fields.

// check reports a class code sent with a tax registration number.
func (c *Customer) check(v *violations, p *fieldPath) {
	if c.CustomerCode != nil {
		v.classCode(p, "customerCode", c.CustomerCode.ClassCode, c.TaxRegistrations)
	}
}

// check reports a class code sent with a tax registration number.
func (r *Recipient) check(v *violations, p *fieldPath) {
	if r.RecipientCode != nil {
		v.classCode(p, "recipientCode", r.RecipientCode.ClassCode, r.TaxRegistrations)
	}
}

// check reports a class code sent with a tax registration number.
func (d *Dispatcher) check(v *violations, p *fieldPath) {
	if d.DispatcherCode != nil {
		v.classCode(p, "dispatcherCode", d.DispatcherCode.ClassCode, d.TaxRegistrations)
	}
}

// check reports a class code sent with a tax registration number.
func (ve *Vendor) check(v *violations, p *fieldPath) {
	if ve.VendorCode != nil {
		v.classCode(p, "vendorCode", ve.VendorCode.ClassCode, ve.TaxRegistrations)
	}
}

// check requires the type of a discount value and bounds the value by
// the type: a percentage from 0 to 100, or an amount of at least 0.
func (d *Discount) check(v *violations, p *fieldPath) {
	if d.DiscountValue == nil {
		return
	}
	value := *d.DiscountValue
	switch d.DiscountType {
	case "":
		v.add(p.Field("discountType"), "is required with a discountValue: one of %s", joinValues(discountTypes))
	case DiscountPercent:
		if value.Sign() < 0 || value.Cmp(money.FromInt(100)) > 0 {
			v.add(p.Field("discountValue"), "must be a percentage between 0 and 100 when discountType is %s", DiscountPercent)
		}
	case DiscountAmount:
		if value.Sign() < 0 {
			v.add(p.Field("discountValue"), "must be at least 0 when discountType is %s", DiscountAmount)
		}
	}
}

// check requires the card number prefix to be 6 to 8 digits and the IP
// address to be one.
func (e *LocationEvidence) check(v *violations, p *fieldPath) {
	if e.BIN != nil && e.BIN.Value != "" && !isBIN(e.BIN.Value) {
		v.add(p.Field("bin").Field("value"), "must be 6 to 8 digits")
	}
	if e.IPAddress != nil && e.IPAddress.Value != "" {
		if _, err := netip.ParseAddr(e.IPAddress.Value); err != nil {
			v.add(p.Field("ipAddress").Field("value"), "must be an IPv4 or IPv6 address")
		}
	}
}

// isBIN reports whether s is a card number prefix: 6 to 8 ASCII digits.
func isBIN(s string) bool {
	if len(s) < 6 || len(s) > 8 {
		return false
	}
	for i := range len(s) {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
