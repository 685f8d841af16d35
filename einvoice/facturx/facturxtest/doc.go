// Package facturxtest builds small Factur-X PDFs for tests: a PDF/A-3
// structure of one empty page whose catalog embeds an invoice's XML as an
// associated file, the way Factur-X and ZUGFeRD do, with a cross-reference
// table, or with object streams and a cross-reference stream (PDF 1.5).
// The PDFs have no visible content or fonts, and XMP metadata only when
// asked for (Options.Metadata, with XMP to write it): they are what a
// reader of the embedded invoice needs, not a conforming PDF/A.
package facturxtest
