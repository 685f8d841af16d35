// Package render renders a stored invoice as an e-invoice of EN 16931:
// the seller's INVOICE or DISTRIBUTE_TAX calculation that the journal
// keeps (journal.Transaction), as UBL 2.1 (Peppol BIS Billing 3.0 when
// both parties have an electronic address) or as UN/CEFACT CII D16B.
//
// Levy's tax becomes the VAT breakdown (BG-23): each line's VAT gives its
// category, a taxed line at a rate above zero S (standard rate), at zero
// Z, or G when the engine zero-rated an export; a reverse charge K
// between member states of the EU for goods, AE otherwise (services, or
// within one country); an exempt line E, with the exemption reason of the
// rule or the certificate that exempted it; a line without VAT, or one
// the VAT does not reach (NONTAXABLE), O. Taxes that are not VAT (US sales
// and use tax, British Columbia's PST) are refused with the line and the
// tax named: an EN 16931 invoice carries VAT only. So is a line with the
// VAT of two jurisdictions (Canada's GST with Ontario's HST or Quebec's
// QST), since a line has one VAT category, a tax that the buyer withholds
// (journal.Tax.Withheld), which EN 16931 has no element for, a VAT due
// where the seller is not registered (the engine charged none), a line
// part taxed and part exempt, lines for several customers, and a
// transaction stored before the journal kept the parties.
//
// A Danish or Icelandic seller's legal registration identifier (BT-30),
// which Peppol BIS's national rules require, comes from its stored
// registrations: a registration of the type Commercial Registration, or
// for a Danish seller the CVR number its Danish VAT number carries (see
// legalRegistration); so does an Icelandic seller's Icelandic buyer's
// (BT-47).
//
// The seller's tax representative (BG-11) is the fiscal representative
// that the journal keeps with the registration whose number is the
// seller's VAT identifier, when the invoice carries the VAT of that
// registration's country and the representative has what BG-11 requires
// (a name, a VAT number, an address's country); see taxRepresentative.
//
// What the journal does not keep comes with the Options: the parties'
// electronic addresses (which make a UBL document Peppol BIS), names that
// replace the codes, the buyer's reference, the account to pay to, a due
// date and the seller's contact. Render checks the document it wrote
// with Levy's rules of EN 16931 (and Peppol BIS and its national rules
// for a Peppol document), which agree with the official artefacts on
// their corpus: a document they refuse is never returned; the error names
// the rules it would break, with what would satisfy them.
package render
