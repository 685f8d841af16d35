// Package content reads tax content that a user brings: rate and
// boundary files licensed from a state or a vendor, or written by hand,
// which Levy loads beside or instead of its embedded default (see
// engine.WithContent and levy serve --content).
//
// Seven formats are read:
//
//   - FormatLevy, Levy's own CSV of jurisdictions, their rates and where
//     they apply (ReadLevyCSV);
//   - FormatSST, the rate files and boundary files of the Streamlined
//     Sales Tax Governing Board;
//   - FormatZIP5, a table of combined rates by five-digit ZIP code with
//     their state, county, city and special parts, as the common
//     commercial downloads lay it out;
//   - FormatBRISS, a table of Brazilian municipal ISS rates by
//     municipality (IBGE code) and item of the LC 116/2003 list, which
//     are not open data and which Levy's Brazilian calculation needs for
//     the ISS of services;
//   - FormatFranchise, a tenant's table of franchise area fees
//     (ReadFranchise), which a calculation charges on the lines whose
//     franchiseAreaId names the area; they come in the Overlay's
//     Franchise, outside any dataset;
//   - FormatVATAreas, a table of places in another country's VAT area
//     (Liechtenstein in Switzerland's), with the columns of the
//     generator's curated vat-areas.csv; its rows join the dataset's
//     (the Overlay's VATAreas);
//   - FormatLowValueLimits, a table of low-value import limits (the
//     United Kingdom's £135, the EU's €150 IOSS), with the columns of the
//     generator's curated low-value-limits.csv; a country's rows replace
//     the dataset's rows of that country (the Overlay's LowValueLimits).
//
// The files of a US state replace its local content, except files in
// Levy's format that give the state's own rates alone, which change the
// state's rate on their days and leave its cities and districts as the
// dataset has them. Files are named by their base name: two of one name
// in two folders are refused.
//
// Every fault of a file is reported with its file, line and column; no
// row is ever skipped in silence. Every rate read names its format, file
// and line in its source (jurisdiction.Rate.Source; ParseRateSource reads
// it), which an engine's explanation of a tax gives back.
package content
