// Package profile keeps the tax profiles of tenants: what a business
// tells Levy once and every calculation applies. A profile holds
//
//   - customers (code, class code, business indicator, name);
//   - their exemption certificates: the jurisdictions covered (a country,
//     a state, or any Levy jurisdiction ID), the reason (an SST reason
//     letter or a four-digit code of the wire), the product classes
//     covered (none listed: all), effective and expiration dates, blanket
//     or single-purchase for one transaction, active or revoked, and the
//     scanned certificate kept by its SHA-256 digest;
//   - the seller's registrations (where it has nexus): company,
//     jurisdiction, number and type, dates, physical presence;
//   - products: the tenant's own codes (SKUs, or any code type of its
//     own) mapped to Levy's product classes, before the crosswalks that
//     Levy ships from standard codes (TIC and HS, see Crosswalk and
//     SOURCES.md);
//   - franchise area fees (Franchise): the local, contractual fees of the
//     tenant's franchise agreements, by area ID and fee name, at a rate
//     of the line's amount or an amount per line, with their grantor and
//     dates; a tenant's fees of an area replace the server's fees of that
//     area (the server's franchise table, levy serve --content);
//   - a policy: the per-tenant form of the engine's Settings, as plain
//     data (Policy).
//
// Every change is a ChangeSet, applied all at once or not at all
// (Service.Apply), after every field is checked (Validator.Check, errors
// naming their JSON path, "certificates[3].expirationDate") and, within
// the change's atomic unit, the rules across records
// (Validator.CheckAgainst: a certificate's customer exists, a deleted
// record exists, a customer keeps no certificates when deleted). Each
// change is a new version of the tenant, stamped with its time and the
// credential that made it; records keep all their versions (History),
// and reads take an as-of time (Records).
//
// Storage is the Store interface, implemented in memory (NewMemory), in
// Badger (package badger) and in PostgreSQL (package postgres); the
// conformance suite profile/profiletest runs over all three. This
// package holds no storage and no HTTP code, and needs no dataset: a
// host checks jurisdiction IDs against its own (Validator.Jurisdiction).
//
// The engine reads a tenant's profile through a Cache: a compiled,
// read-only Snapshot per tenant (customers, certificates by customer,
// product classes by code, registrations by company, franchise fees by
// area, the policy), whose
// lookups allocate nothing, loaded again when the tenant's version in
// the store changes. Follow polls the versions every second, so that a
// change made on another node, or by an offline import, is seen within
// a second everywhere.
//
// Regenerate the crosswalks with:
//
//	go generate ./profile/...
package profile
