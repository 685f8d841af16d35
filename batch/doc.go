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
// A run's memory is bounded by the size of what it holds, not only by
// the number of documents: Config.InFlight (256 MiB by default) bounds
// the answers held back for input order and those of a group waiting
// for the journal, a group ends early when its answers reach an eighth
// of it, and a document whose answer alone is larger goes through alone.
// The bound decides how many documents are in flight, never the output,
// the groups' exactly-once storing or a resumed run's checkpoint. Each
// worker also holds the document it is calculating, several times its
// answer for thousands of line items, which fewer Workers bound.
// BenchmarkRunMemory runs 96 quotations of 1,000 and 6,000 line items on
// 8 workers: the peak live heap of a File run is 490 MiB unbounded (as
// before the bound), 360 MiB at the default and 225 MiB at 32 MiB, of
// which some 200 MiB are the workers' documents being calculated.
//
// Config.Progress reports the documents answered and the bytes read as
// the run goes; Summary counts the documents, the failures and the tax
// by currency.
//
// engine.Engine.Sales is the lighter tool for an iterator of requests
// whose answers need no journal grouping: it calculates and yields, and
// an engine with a journal stores each calculation as it is made.
package batch
