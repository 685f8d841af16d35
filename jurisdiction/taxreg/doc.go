// Package taxreg checks the syntax and the check digits of tax registration
// numbers: VAT numbers and the numbers that stand for them where there is
// no separate VAT number. The results are what the engine reports in the
// wire's TaxRegistrationValidationResult.
//
// Validate takes an ISO 3166-1 alpha-2 country code and a number as a user
// typed it: with or without the country prefix, with spaces, dots, dashes,
// slashes, colons and parentheses ("BE (0)468.561.072", "DK: 21599336"),
// in any case. It returns whether the number is well formed
// and has the right check digits, and the number in its canonical form
// (the country's VAT prefix followed by the number, upper case, without
// separators). Greece may be given as "GR" or "EL" (its VAT prefix); the
// United Kingdom as "GB", and Northern Ireland as "XI".
//
// A syntactically valid number is not necessarily issued, nor registered
// for VAT: that takes a query to the tax administration (VIES, HMRC, the
// Swiss UID register), which this package does not make.
//
// The package covers the 27 member states of the European Union, the
// United Kingdom, and a few other countries whose check digits are public;
// Covered lists them. Each country's rules were written from the national
// specifications. For any other country Validate says
// InfoValidationNotAvailable rather than guessing.
//
// ValidateIdentity checks a number that identifies a person rather than
// registers it for VAT (a Commercial Registration, a TIN) as what it is,
// never as a VAT number: Denmark's CVR number in its 8 digits, Iceland's
// kennitala in its 10 (its form and century: since February 2026 its
// ninth digit is no check digit), a TIN where
// the country's number Validate checks is that TIN; any other it does
// not check.
//
// The package is stateless: its tables are built at initialisation and
// never written afterwards, so Validate and Covered are safe for concurrent
// use. Validate does not panic on any input.
package taxreg
