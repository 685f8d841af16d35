// Package batch calculates a whole file, or an iterator, of requests on
// every core, in input order, with the journal written exactly once:
// what `levy batch` does, for a host program's own batch jobs.
//
// Run reads a file of v2 request bodies, one a line (JSONLines), or a CSV
// file of one row per line item (CSV; CSVColumns lists the columns), and
// writes the answer to each document in input order: the response, or
// an error record naming the line or the row and column at fault. A bad
// document never stops the run nor shifts the answers after it (a fault
// that is not the document's, such as a store that cannot be reached,
// stops it there in order, with a FaultError, so that a resumed run
// calculates that document), and a
// line longer than Config.LineLimit is skipped without being held in
// memory. Sales, Purchases and Owners do the same over an iterator of
// requests and yield each Result in order.
//
// With Config.Journal, the calculations of the kinds that the API stores
// (invoices, accruals, ...) go into that journal.Store, in groups of up
// to GroupSize documents with one PostAll each, and the answers of a
// group are written (or yielded) only after the journal has it. The
// engine hands each calculation's transaction back instead of storing
// it (engine.Engine.PrepareSale and its siblings). Written to a File, a
// journaled run keeps a checkpoint beside its output, so that a run
// stopped anywhere (a crash, kill -9, the end of its context,
// Config.MaxErrors) and opened again with resume stores every document
// exactly once and ends with the output of a run that never stopped.
//
// Config.Progress reports the documents answered and the bytes read as
// the run goes; Summary counts the documents, the failures and the tax
// by currency.
//
// engine.Engine.Sales is the lighter tool for an iterator of requests
// whose answers need no journal grouping: it calculates and yields, and
// an engine with a journal stores each calculation as it is made.
package batch
