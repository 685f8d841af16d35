// Package ubl reads e-invoices of EN 16931 in its two syntaxes, UBL 2.1
// (with Peppol BIS Billing 3.0) and UN/CEFACT Cross Industry Invoice D16B
// (CII, as XRechnung CII and Factur-X use it), and checks them in two
// steps that match the states of a document in Levy's e-invoicing:
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
//   - XML: empty input, input that is not UTF-8 or not well-formed XML
//     (a prefix of an element or attribute that no namespace declaration
//     in scope binds included), a declared encoding other than UTF-8, a
//     second root element or text after the root.
//   - ROOT: a root element other than Invoice in the Invoice-2 namespace or
//     CreditNote in the CreditNote-2 namespace.
//   - FORMAT: a DOCTYPE (or any <!...> declaration), refused outright so
//     that no entity is ever defined or expanded; elements nested more than
//     MaxDepth deep, more than MaxElements elements, or an element with more
//     than MaxAttributes attributes (Parse stops at the first of these); an
//     amount, quantity or percentage that is not a plain decimal (no
//     exponent, no separators, at most MaxDigits digits).
//
// White space is XML's: space, tab, carriage return and line feed. Other
// Unicode spaces (a no-break space U+00A0, U+0085, an em space) are text,
// as the artefacts read them: a type code "380" followed by a no-break
// space is in no code list, and an amount so written is not a plain
// decimal (FORMAT).
//
// Elements are matched by namespace (cbc, cac), never by prefix alone. A
// missing or repeated element is not Parse's business: the rules report it
// under their IDs, and Check reports a repeated one that the schema allows
// once as FORMAT (below). Parse's time and memory are linear in the size of the
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
//     To a Peppol document, as Peppol BIS Billing 3.0.19's own copy of
//     these rules has them, as the Peppol network applies them: with
//     BR-CO-25 (an invoice with an amount due gives a due date or payment
//     terms), BR-66 and BR-67 in place of UBL-SR-54 and UBL-SR-55, without
//     UBL-SR-56, and with the copy's tests of BR-B-02, BR-CO-26, UBL-SR-23
//     and its code lists of BR-CL-01, 03, 04, 05, 10, 11, 21, 22, 25 and 26
//     (rules_peppolcopy.go).
//   - Peppol BIS Billing 3.0, to documents whose CustomizationID names it
//     (RulesAuto; CheckWith chooses otherwise): PEPPOL-EN16931-* and the
//     identifier checks PEPPOL-COMMON-R040 to R050.
//   - With Peppol, the national rules Peppol defines, by the seller's
//     country as Peppol decides it: DE-R (between German parties), DK-R,
//     GR-R and GR-S, IS-R, IT-R, NL-R, NO-R and SE-R.
//
// Outside Peppol, a date that is not a real YYYY-MM-DD date, with or
// without the time zone the UBL schema's xsd:date allows (Z, +hh:mm), is
// reported as FORMAT (Peppol reports it, and any time zone, as
// PEPPOL-EN16931-F001); so is an allowance or charge whose
// cbc:ChargeIndicator is not a boolean (Peppol: PEPPOL-EN16931-R043).
// A date of the form YYYY-MM-DD that is no day of the calendar
// (2026-02-30) is told so and why, under FORMAT and F001 alike, as a CII
// date of format 102 (20260230) is under CII-DT-097.
// In every document, Peppol or not, an element that the UBL 2.1 schema
// allows once under its parent and that the document repeats (two
// cbc:IssueDate, two cac:AccountingSupplierParty, two cbc:PayableAmount in
// cac:LegalMonetaryTotal, two cbc:InvoicedQuantity on a line) is reported
// as FORMAT at the second one: it gives a business term two values, of
// which Levy would read the first and a receiver perhaps another, and the
// schema validation that precedes the Schematron in the Peppol network
// refuses it. A repetition that a fatal UBL-SR-* rule (or Peppol's BR-66,
// BR-67) reports is reported under that rule only. The cardinalities are
// generated from the OASIS UBL 2.1 schema files (internal/genublschema,
// ublschema_gen.go). Not applied: the UBL-CR-* warnings of the CEN
// artefacts and the rest of the UBL schema. Amounts are
// compared as the artefacts compare them: exactly where they round to two
// decimals, within 1 for the VAT of a category (BR-CO-17, BR-S-09) and
// within 0.02 for a line (PEPPOL-EN16931-R120). Check's time is linear in
// the document: the rules find elements through one index of the tree.
// docs/einvoicing-validation.md compares Levy's verdicts with the official
// artefacts, with the command that measures them (internal/conformance)
// over the artefacts' examples and unit tests and Levy's own mutation
// corpus (internal/corpus).
//
// # CII
//
// Read reads either syntax, as the root element decides (DetectSyntax
// names it without reading further); ParseCII reads CII only. A CII
// document is read into the same Document, its business terms in the
// same fields (Syntax is SyntaxCII; Kind is CreditNote for the credit note
// type codes), and Check applies to it the rules of EN 16931 bound to CII
// by the same CEN artefacts (release 1.3.16, EN16931-CII-validation): the
// model rules (BR-, BR-CO-, BR-DEC-, each VAT category's), the code lists
// of the CII binding (BR-CL-*, generated as the UBL ones) and the syntax
// rules the artefacts flag fatal (CII-SR-*, CII-DT-*). Each rule applies
// where the artefacts apply it, with their precedence: a VAT breakdown of
// category L, M or O has its category's rules and not BR-45 to BR-48, and
// CII-DT-010 to CII-DT-012, which come after CII-DT-008 on the same
// element, never apply. Every problem of a CII document is fatal (BR-51 is
// a warning in UBL only). Peppol BIS Billing 3.0 and its national rules
// are bound to UBL: they never apply to CII. Not applied: the 471
// warnings of the CII syntax binding, and the CII schema, but for one of
// its constraints: Check reports as FORMAT an element that the schema
// allows once under its parent and that the document repeats (two
// rsm:ExchangedDocument, two ram:CategoryCode in one VAT breakdown),
// which gives a business term two values; the cardinalities are
// generated from the schema files of the same release
// (internal/genciischema, ciischema_gen.go). ParseCII
// refuses, as FORMAT, an amount, quantity or percentage that is not a
// plain decimal number (an empty one included) and a udt:Indicator that
// is not a boolean: the artefacts stop on them.
//
// Electronic addresses (cbc:EndpointID): Party.Address gives the
// "scheme:id" form Levy routes by; ValidateParticipant applies BR-CL-25 and
// the PEPPOL-COMMON rules to one. Signatures in extensions are neither read
// nor verified.
package ubl
