// Package profilecsv reads and writes the import files of tax profiles:
// the CSV files an accountant exports from an ERP, one kind of record per
// file, which package profile stores. Levy's command (levy profile
// import), its admin routes and any host read them alike.
//
// # Files
//
// The header, the first row, names the kind of a file by its columns:
//
//	customers.csv      customer_code,class_code,is_business,name
//	certificates.csv   certificate_number,customer_code,jurisdictions,reason_code,product_classes,
//	                   effective_date,expiration_date,transaction_id,status     [revoked_date]
//	products.csv       product_code,product_class                              [code_type]
//	registrations.csv  company_code,jurisdiction,registration_number,effective_date,end_date,
//	                   physical_presence                                       [registration_type]
//	                   [representative_name,representative_number,representative_street1,
//	                   representative_street2,representative_city,representative_main_division,
//	                   representative_postal_code,representative_country]
//
// The file's name does not matter. Every column of the kind must be
// there, in any order, and the columns in brackets may be; a column that
// the kind does not have, or one named twice, is an error, so that a
// misspelt column is not ignored. Names are read without regard to case
// or surrounding spaces, and a UTF-8 byte order mark (as spreadsheets
// write) is skipped. Lines end with a line feed, a carriage return and
// a line feed, or a carriage return alone (a spreadsheet's "CSV
// (Macintosh)"). Rows have as many cells as the header; a row whose
// cells are all empty (",,,", as a spreadsheet writes the formatted
// rows below a table) is skipped. A file whose cells are separated by
// semicolons or tabs, or that is UTF-16 text, is refused saying so.
//
// Cells lose their surrounding spaces. Dates are YYYY-MM-DD; an empty
// expiration_date or end_date means none, an empty effective_date of a
// registration since always. is_business and physical_presence are
// true, false, yes, no, y, n, 1 or 0 (any case), empty for false.
// jurisdictions and product_classes are lists separated by ";" (empty
// items are skipped; no product class means every class). A US state is
// US-TX or TX; a country is its two-letter code (FR) or its
// three-letter one (FRA), and a country whose two-letter code is also a
// US state's only the latter: DE is Delaware, DEU Germany (as Levy's
// export writes it). An empty transaction_id makes a blanket certificate;
// status is active (or empty) or revoked. A revoked certificate's
// revocation date is its revoked_date; without one it is the date the
// stored certificate was revoked on, or, for a certificate stored as
// active, the day of the import, or, for a certificate new to Levy, its
// effective date: it then covers nothing (see Import.KeepStored). A row
// of status active for a certificate stored revoked is refused unless
// Import.ReinstateRevoked is set, so that files exported before a
// revocation do not undo it when imported again; so is a row whose
// revoked_date is later than the day the stored certificate is revoked
// from, which would make it cover the days between again. A
// registration of a file without the registration_type column keeps
// the type stored with it (Import.KeepStored). The representative
// columns give the registration's fiscal representative
// (profile.Registration.Representative): a row whose representative
// cells are all empty has none, and a registration of a file without
// any of the columns keeps the one stored with it. A per-line franchise fee of a file without
// the currency column the currency stored with it. Import.Trim leaves
// out the records equal to the stored ones, so that the same files
// imported again store nothing. A
// cell that starts with an apostrophe before =, +, -, @, a tab, a
// carriage return or an apostrophe reads as the rest: Levy's export
// writes such cells so that a spreadsheet shows them as text (see
// internal/csvout).
//
// # Errors
//
// Several files make one Import: one change set, stored all at once or
// not at all (profile.Service.Apply). A problem is a levy.Error whose
// Field is the file, the line and the column, "certificates.csv:4:
// expiration_date", whether the file's reading found it (a date that is
// not one) or the profile's validation did (an expiration before the
// effective date, an unknown jurisdiction, class or reason, a
// certificate listed twice, an unknown customer): Import.Locate turns
// the JSON paths of the validation's errors ("certificates[2].
// expirationDate") into the place in the files the record came from.
// When the reading finds errors, Import.RowErrors adds those that the
// validation of each record on its own finds in the rows that read well,
// the bad files' included, so that every bad row is told at once.
package profilecsv
