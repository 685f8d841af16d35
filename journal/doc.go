// Package journal is Levy's tax journal: the calculations that are stored
// for reporting and remittance (invoices, accruals, distributed tax, the
// owner's movements and the sync kinds), kept per tenant with every
// version, and the operations on them: delete, reversal, rollback and
// existence, with remittance summaries and exports over a period.
//
// # Stores
//
// Store is the interface of a journal. Its operations are written once,
// here, over a Backend (NewStore): the storage that runs them in atomic
// units and keeps the records. NewMemory returns a store in memory for
// tests and short-lived tools; package badger keeps the product's on
// disk (badger.OpenJournal), and package postgres in a PostgreSQL
// database that several nodes share ((*postgres.DB).Journal). Every store passes the same conformance suite (journaltest.Run),
// and every method is safe for concurrent use. This package holds no
// storage code of its own and imports no database.
//
// # Tenancy
//
// Every record belongs to a tenant, and every method takes the tenant
// whose records it reads or writes: a transaction ID of one tenant is
// invisible to every other.
//
// # Versions
//
// Posting a transaction ID again stores a new version and keeps the
// earlier ones for audit (Versions lists them). A version posted by a
// sync kind (ARBILLING_SYNC, APINVOICE_SYNC, ACCRUAL_SYNC) reconciles
// the stored lines with the lines sent, matched by lineItemId (see
// Reconcile); Rollback returns the transaction to the version before the
// last sync changed it, as a new version.
package journal
