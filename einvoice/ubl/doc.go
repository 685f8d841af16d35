// Package ubl reads e-invoices in the UBL 2.1 syntax of EN 16931 and Peppol
// BIS Billing 3.0, and checks them in two steps that match the states of a
// document in Levy's e-invoicing:
//
//   - Parse decides whether the input is a well-formatted UBL Invoice or
//     CreditNote. When it is not, it returns a *FormatError listing the
//     problems, and the document goes from Pending to Processing Issue.
//     Otherwise it returns a *Document and the document goes to In
//     Progress.
//   - Document.Check applies the business rules. When it returns problems,
//     the document goes to Error with them as the error detail; otherwise
//     it can complete.
//
// Every Problem has a Code (the EN 16931 or Peppol rule ID, or a Levy code
// such as "MISSING"), a plain English Message naming the element and the
// values involved, and a Location: the path of the element, such as
// "/Invoice/cac:InvoiceLine[2]/cbc:LineExtensionAmount". Paths use the cbc:
// and cac: prefixes whatever prefixes the document declares, and give the
// 1-based index of elements that may repeat (lines, allowances and charges,
// tax totals and subtotals). Both steps report all the problems they find,
// up to MaxProblems; a last "TRUNCATED" problem then counts the others.
//
// # Format (Parse)
//
// Parse reports:
//
//   - XML: empty input, input that is not UTF-8 or not well-formed XML, a
//     declared encoding other than UTF-8, a second root element or text
//     after the root.
//   - FORMAT: a DOCTYPE (or any <!...> declaration), refused outright so
//     that no entity is ever defined or expanded; elements nested more than
//     MaxDepth deep, more than MaxElements elements, or an element with
//     more than MaxAttributes attributes (Parse stops at the first of
//     these); a malformed value: a date that is not a real
//     YYYY-MM-DD date, an amount, quantity or percentage that is not a plain
//     decimal (no exponent, no separators, at most MaxDigits digits), a
//     currency code that is not three upper-case letters, a country code that
//     is not two, a type code that is not one to three digits, a charge
//     indicator that is not true or false, an amount without currencyID; an
//     element Levy reads that occurs more than once where EN 16931 allows one.
//   - ROOT: a root element other than Invoice in the Invoice-2 namespace or
//     CreditNote in the CreditNote-2 namespace.
//   - MISSING: a mandatory element absent or empty: CustomizationID, ID,
//     IssueDate, InvoiceTypeCode or CreditNoteTypeCode, DocumentCurrencyCode,
//     both parties with Party, PostalAddress/Country/IdentificationCode and
//     PartyLegalEntity/RegistrationName, a TaxTotal whose TaxAmount is in the
//     document currency, the TaxAmount and TaxCategory of each TaxSubtotal,
//     LegalMonetaryTotal with LineExtensionAmount, TaxExclusiveAmount,
//     TaxInclusiveAmount and PayableAmount, the ChargeIndicator and Amount of
//     each AllowanceCharge, and at least one line, each with ID, quantity
//     (InvoicedQuantity or CreditedQuantity), LineExtensionAmount, Item/Name,
//     Item/ClassifiedTaxCategory/ID and Price/PriceAmount.
//   - PEPPOL-EN16931-R051: an amount whose currencyID is not the document
//     currency; only the TaxAmount of a TaxTotal may be in the VAT
//     accounting currency (TaxCurrencyCode). This applies to every element
//     with a currencyID, including those Levy does not read.
//
// Elements are matched by namespace (cbc, cac), never by prefix alone.
// Parse's time and memory are linear in the size of the input, which the
// caller bounds, and bounded by MaxElements whatever the size.
//
// # Business rules (Check)
//
// Totals, compared exactly, to the cent:
//
//   - BR-CO-10: the sum of the line net amounts equals LineExtensionAmount.
//   - BR-CO-11, BR-CO-12: the sums of the document level allowances and
//     charges equal AllowanceTotalAmount and ChargeTotalAmount (which must be
//     present when there are allowances or charges).
//   - BR-CO-13: TaxExclusiveAmount = LineExtensionAmount −
//     AllowanceTotalAmount + ChargeTotalAmount.
//   - BR-CO-14: the total VAT equals the sum of the VAT category tax amounts
//     of its breakdown.
//   - BR-CO-15: TaxInclusiveAmount = TaxExclusiveAmount + the total VAT in
//     the document currency.
//   - BR-CO-16: PayableAmount = TaxInclusiveAmount − PrepaidAmount +
//     PayableRoundingAmount.
//
// VAT breakdown:
//
//   - BR-CO-17: each category tax amount is the taxable amount times the rate,
//     rounded to two decimals, within one currency unit, as the EN 16931
//     validation artefacts accept.
//   - BR-CO-18: there is a VAT breakdown. PEPPOL-EN16931-R053: only one
//     TaxTotal has one. BR-53: with a VAT accounting currency, a TaxTotal
//     gives the total VAT in it.
//   - BR-45, BR-47, BR-48: each breakdown has a taxable amount, a category
//     code, and a rate unless the category is O.
//   - BR-S-08, BR-Z-08, BR-E-08, BR-AE-08, BR-IC-08, BR-G-08, BR-O-08,
//     BR-AF-08, BR-AG-08: per category (and per rate for S, Z, L and M), the
//     taxable amount equals the line net amounts minus the document level
//     allowances plus the charges of that category; BR-S-01 and the like:
//     a category used by a line, allowance or charge has a breakdown.
//   - BR-Z-09, BR-E-09, BR-AE-09, BR-IC-09, BR-G-09, BR-O-09: the tax
//     amount of those categories is zero.
//   - BR-CL-17, BR-CL-18: category codes are among S, Z, E, AE, K, G, O, L,
//     M and B.
//
// Lines:
//
//   - PEPPOL-EN16931-R120: the line net amount equals quantity × (price /
//     base quantity) + line charges − line allowances, within 0.02 as Peppol
//     allows. PEPPOL-EN16931-R121: the base quantity is above zero.
//   - BR-23: the quantity has a unit code. BR-27: the net price is not
//     negative. BR-42, BR-44: line allowances and charges have a reason or
//     a reason code.
//
// Document level allowances and charges: BR-32, BR-37 (a VAT category),
// BR-33, BR-38 (a reason or a reason code).
//
// Decimals: BR-DEC-01, -02, -05, -06, -09 to -20, -23 to -25, -27 and -28:
// those amounts have at most two decimals, counted as written (10.000 has
// three).
//
// Type codes: PEPPOL-EN16931-P0100 and P0101, the invoice and credit note
// type codes Peppol BIS Billing 3.0 allows.
//
// Electronic addresses (EndpointID, BT-34 of the seller and BT-49 of the
// buyer, the one Levy delivers to): PEPPOL-EN16931-R020 and R010 (present),
// BR-62 and BR-63 (with a schemeID), BR-CL-25 (a known EAS code), and the
// form of the identifier with ValidateParticipant: PEPPOL-COMMON-R040 (GLN,
// 0088), PEPPOL-COMMON-R041 (Norwegian organisation number, 0192),
// PEPPOL-COMMON-R043 (Belgian enterprise number, 0208), and PARTICIPANT for
// DUNS (0060), the Swedish organisation number (0007), the Danish CVR
// (0184) and, for every scheme, an identifier that is empty, too long or
// has spaces or control characters. Party.Address gives the "scheme:id"
// form Levy routes by.
//
// # What is not checked
//
// This is not a full implementation of the EN 16931 and Peppol schematron
// rule sets, nor a validation against the UBL XML schema. Among what is not
// checked: elements Levy does not read (delivery, payment means, references,
// notes, item properties, attachments), the code lists other than those
// above (currencies, countries, units of measure, allowance and charge
// reasons, exemption reasons are checked for their form only), the rules
// tying VAT categories to rates and exemption reasons (BR-S-05, BR-E-10 and
// the like), seller and buyer VAT identifiers, the check digits of schemes
// other than those listed, price allowances (PEPPOL-EN16931-R046), and
// the sign rules between the VAT totals (PEPPOL-EN16931-R055). Signatures
// in extensions are neither read nor verified.
package ubl
