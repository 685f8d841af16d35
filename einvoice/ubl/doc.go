// Package ubl reads e-invoices in the UBL 2.1 syntax of EN 16931 and Peppol
// BIS Billing 3.0, and checks them in two steps that match the states of a
// document in Levy's e-invoicing:
//
//   - Parse decides whether the input can be read at all: a well-formed UBL
//     Invoice or CreditNote whose numbers are numbers. When it cannot, it
//     returns a *FormatError listing the problems, and the document goes
//     from Pending to Processing Issue. Otherwise it returns a *Document
//     and the document goes to In Progress.
//   - Document.Check applies the rules of the official validation
//     artefacts. When a problem is fatal (HasFatal), the document goes to
//     Error with the problems as the error detail; otherwise it can
//     complete, with its warnings.
//
// Every Problem has a Code, a plain English Message naming the element and
// the values involved, a Location (the path of the element, such as
// "/Invoice/cac:InvoiceLine[2]/cbc:LineExtensionAmount", with the cbc: and
// cac: prefixes whatever the document declares and the 1-based index of
// elements that may repeat) and a Flag, Fatal or Warning. Both steps
// report all the problems they find, up to MaxProblems; a last "TRUNCATED"
// problem then counts the others.
//
// # Reading (Parse)
//
// Parse reports, with Levy's codes:
//
//   - XML: empty input, input that is not UTF-8 or not well-formed XML, a
//     declared encoding other than UTF-8, a second root element or text
//     after the root.
//   - ROOT: a root element other than Invoice in the Invoice-2 namespace or
//     CreditNote in the CreditNote-2 namespace.
//   - FORMAT: a DOCTYPE (or any <!...> declaration), refused outright so
//     that no entity is ever defined or expanded; elements nested more than
//     MaxDepth deep, more than MaxElements elements, or an element with more
//     than MaxAttributes attributes (Parse stops at the first of these); an
//     amount, quantity or percentage that is not a plain decimal (no
//     exponent, no separators, at most MaxDigits digits).
//
// Elements are matched by namespace (cbc, cac), never by prefix alone. A
// missing or repeated element is not Parse's business: the rules report it
// under their IDs. Parse's time and memory are linear in the size of the
// input, which the caller bounds, and bounded by MaxElements whatever the
// size.
//
// # Rules (Check)
//
// Check applies, each rule written anew from the specifications and
// reported under its official ID (RuleVersions names the versions):
//
//   - EN 16931 bound to UBL, to every document: the business rules BR-01 to
//     BR-65, the conditions BR-CO-*, the decimals BR-DEC-*, the rules of each
//     VAT category (BR-S-*, BR-Z-*, BR-E-*, BR-AE-*, BR-IC-* for K, BR-G-*,
//     BR-O-*, BR-AF-* for L, BR-AG-* for M, BR-B-*), the code lists BR-CL-01
//     to BR-CL-26 (codelists_gen.go, generated from the artefacts by
//     internal/gencodelists), and the syntax rules UBL-SR-* and UBL-DT-*.
//   - Peppol BIS Billing 3.0, to documents whose CustomizationID names it
//     (RulesAuto; CheckWith chooses otherwise): PEPPOL-EN16931-* and the
//     identifier checks PEPPOL-COMMON-R040 to R050.
//   - With Peppol, the national rules Peppol defines, by the seller's
//     country as Peppol decides it: DE-R (between German parties), DK-R,
//     GR-R and GR-S, IS-R, IT-R, NL-R, NO-R and SE-R.
//
// Outside Peppol, a date that is not a real YYYY-MM-DD date is reported as
// FORMAT (Peppol reports it as PEPPOL-EN16931-F001). Not applied: the
// UBL-CR-* warnings of the CEN artefacts and the UBL schema. Amounts are
// compared as the artefacts compare them: exactly where they round to two
// decimals, within 1 for the VAT of a category (BR-CO-17, BR-S-09) and
// within 0.02 for a line (PEPPOL-EN16931-R120). Check's time is linear in
// the document: the rules find elements through one index of the tree.
// docs/einvoicing-validation.md compares Levy's verdicts with the official
// artefacts, with the command that measures them (internal/conformance)
// over the artefacts' examples and unit tests and Levy's own mutation
// corpus (internal/corpus).
//
// Electronic addresses (cbc:EndpointID): Party.Address gives the
// "scheme:id" form Levy routes by; ValidateParticipant applies BR-CL-25 and
// the PEPPOL-COMMON rules to one. Signatures in extensions are neither read
// nor verified.
package ubl
