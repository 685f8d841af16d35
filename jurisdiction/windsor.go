package jurisdiction

import "github.com/levytax/levy/civil"

// Northern Ireland under the Windsor Framework, as dated facts.
//
// The Protocol on Ireland/Northern Ireland of the Withdrawal Agreement
// (OJ L 29, 31.1.2020), renamed the Windsor Framework in 2023, keeps
// Northern Ireland in the EU's VAT rules for goods from the end of the
// United Kingdom's transition period: its Article 8 makes the provisions
// of Union law listed in its Annex 3 (the VAT Directive, 2006/112/EC,
// among them) apply to and in the United Kingdom in respect of Northern
// Ireland, for goods only. The United Kingdom gave it effect in the Value
// Added Tax Act 1994, Schedule 9ZA (VAT on acquisitions in Northern
// Ireland from member States) and Schedule 9ZB (goods removed to or from
// Northern Ireland, distance sales, the One Stop Shop), inserted by the
// Taxation (Post-transition Period) Act 2020. Northern Ireland stays in the
// United Kingdom's VAT (HMRC collects it, at the United Kingdom's rates),
// services follow the United Kingdom's rules alone, and goods moved
// between Great Britain and Northern Ireland remain domestic supplies
// (HMRC, "VAT and goods moving between Northern Ireland and the EU", and
// its VAT Northern Ireland and the EU manual, VATNIEU). A trader in
// Northern Ireland identifies itself for those goods under the prefix XI
// (EUNumberState), and the member states' Intrastat declarations name
// Northern Ireland as the partner XI.
//
// Before 2021-01-01 the United Kingdom, Northern Ireland with it, was a
// member state (EUMember("GB")), and nothing here applies.

// NorthernIrelandCode is the code that stands for Northern Ireland where
// the EU's rules on goods need a member state's: the prefix of its
// traders' VAT numbers and its partner code in Intrastat declarations.
const NorthernIrelandCode = "XI"

// WindsorFramework reports whether goods in Northern Ireland follow the
// EU's VAT rules on d apart from the United Kingdom's membership: from
// 2021-01-01, the day the Protocol on Ireland/Northern Ireland took effect.
func WindsorFramework(d civil.Date) bool { return !d.Before(northernIrelandProtocol) }

// EUGoodsMember reports whether code stands for a member state under the
// EU's VAT rules on goods on d: a member state (EUMember), or XI, Northern
// Ireland, from 2021-01-01 (WindsorFramework). Greece is GR here, as in
// EUMember.
func EUGoodsMember(code string, d civil.Date) bool {
	if code == NorthernIrelandCode {
		return WindsorFramework(d)
	}
	return EUMember(code, d)
}
