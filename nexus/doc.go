// Package nexus answers where a tenant's sellers must register: the status
// of each seller company in every US state with an economic-nexus
// threshold, in Canada's provinces and its GST/HST, and under the EU's
// union-wide distance-sales threshold, on a day, from the sales figures
// that the journal keeps as sales are stored (journal.Figure).
//
// # Reports
//
// Build makes a Report from a FigureSource (any journal.Store: the
// memory journal, badger.OpenJournal's, postgres.DB.Journal's) and the
// thresholds of a dataset (data.Dataset.Nexus), for one tenant and the
// Options asked (the day, a company, registrations, the share of a
// threshold that warns); Report.Write writes it as text, CSV or JSON
// lines (ExampleBuild). A registration counts from the tenant's profile
// (Options.Profile, ProfileRegistrations) or from a list
// (ReadRegistrations). Rebuild recomputes a tenant's figures from its
// journal and repairs those stored. docs/nexus.md describes the
// thresholds, the figures and the statuses.
//
// # Calculations
//
// An EUSource gives the engine a seller's EU distance sales from the
// same figures (engine.WithDistanceSales), so that a sale past the
// threshold is taxed where its customer is.
//
// # Notices
//
// A Watcher builds each tenant's report every interval (Watcher.Run) and
// sends the tenant's webhook connections an event when a status
// changes, once per change across nodes and restarts (SentStore).
//
// # Concurrency and errors
//
// Build, Rebuild and ReadRegistrations hold no state of their own; a
// Watcher and the SentStore of NewMemorySent are safe for concurrent
// use, and so is an EUSource whose figures and profiles are. A Report
// is a value that its caller owns. Bad options are an EInvalid
// *levy.Error (a levy.Errors list when several) naming the field
// (asOf, share, registrations[1].state), and so are a nil source or
// nil rules (src, rules), a Watcher made without Figures, Rules or
// Notify, and a nil *Watcher or *EUSource, rather than a panic. The end
// of the caller's context is the context's own error.
package nexus
