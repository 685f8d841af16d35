package profileadmin

import (
	"time"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/profile"
)

// The answers of the routes. A page is a part of a list in key order:
// Total counts the records that the filters keep, Version and At are
// those of the profile read. A detail is a record as it is now, nil when
// it was deleted (Deleted), with every version of it, oldest first.

// Page is a page of records of type T.
type Page[T any] struct {
	Items   []T       `json:"items"`
	Total   int       `json:"total"`
	Version uint64    `json:"version"`
	At      time.Time `json:"at,omitzero"`
}

// CustomerPage is a page of customers.
type CustomerPage Page[profile.Customer]

// CertificatePage is a page of certificates.
type CertificatePage Page[profile.Certificate]

// RegistrationPage is a page of registrations.
type RegistrationPage Page[profile.Registration]

// ProductPage is a page of product codes.
type ProductPage Page[profile.Product]

// FranchisePage is a page of franchise area fees.
type FranchisePage Page[profile.Franchise]

// Revision is when a version of a record was made and by which
// credential, and whether it deleted the record.
type Revision struct {
	Version uint64    `json:"version"`
	At      time.Time `json:"at"`
	By      string    `json:"by"`
	Deleted bool      `json:"deleted,omitempty"`
}

// CustomerVersion is a version of a customer.
type CustomerVersion struct {
	Revision
	Customer *profile.Customer `json:"customer,omitempty"`
}

// CertificateVersion is a version of a certificate.
type CertificateVersion struct {
	Revision
	Certificate *profile.Certificate `json:"certificate,omitempty"`
}

// RegistrationVersion is a version of a registration.
type RegistrationVersion struct {
	Revision
	Registration *profile.Registration `json:"registration,omitempty"`
}

// ProductVersion is a version of a product code.
type ProductVersion struct {
	Revision
	Product *profile.Product `json:"product,omitempty"`
}

// FranchiseVersion is a version of a franchise area fee.
type FranchiseVersion struct {
	Revision
	Franchise *profile.Franchise `json:"franchise,omitempty"`
}

// PolicyVersion is a version of the policy.
type PolicyVersion struct {
	Revision
	Policy *profile.Policy `json:"policy,omitempty"`
}

// CustomerDetail is a customer, its certificates and its versions.
type CustomerDetail struct {
	Customer     *profile.Customer     `json:"customer,omitempty"`
	Deleted      bool                  `json:"deleted,omitempty"`
	Certificates []profile.Certificate `json:"certificates"`
	Versions     []CustomerVersion     `json:"versions"`
	// Version is the tenant's version read.
	Version uint64 `json:"version"`
}

// CertificateDetail is a certificate and its versions.
type CertificateDetail struct {
	Certificate *profile.Certificate `json:"certificate,omitempty"`
	Deleted     bool                 `json:"deleted,omitempty"`
	Versions    []CertificateVersion `json:"versions"`
	Version     uint64               `json:"version"`
}

// RegistrationDetail is a registration and its versions.
type RegistrationDetail struct {
	Registration *profile.Registration `json:"registration,omitempty"`
	Deleted      bool                  `json:"deleted,omitempty"`
	Versions     []RegistrationVersion `json:"versions"`
	Version      uint64                `json:"version"`
}

// ProductDetail is a product code and its versions.
type ProductDetail struct {
	Product  *profile.Product `json:"product,omitempty"`
	Deleted  bool             `json:"deleted,omitempty"`
	Versions []ProductVersion `json:"versions"`
	Version  uint64           `json:"version"`
}

// FranchiseDetail is a franchise area fee and its versions.
type FranchiseDetail struct {
	Franchise *profile.Franchise `json:"franchise,omitempty"`
	Deleted   bool               `json:"deleted,omitempty"`
	Versions  []FranchiseVersion `json:"versions"`
	Version   uint64             `json:"version"`
}

// PolicyDetail is the policy and its versions; Policy is nil while the
// tenant has none (the server's settings apply).
type PolicyDetail struct {
	Policy   *profile.Policy `json:"policy,omitempty"`
	Versions []PolicyVersion `json:"versions"`
	Version  uint64          `json:"version"`
}

// Revocation is the body of a certificate's revocation: the first day
// the certificate no longer covers, today (UTC) when left out.
type Revocation struct {
	RevokedDate civil.Date `json:"revokedDate,omitzero"`
}

// ImportAnswer says what an import stored: the tenant's new version and
// how many records of each kind it wrote.
type ImportAnswer struct {
	Version       uint64 `json:"version"`
	Customers     int    `json:"customers"`
	Certificates  int    `json:"certificates"`
	Registrations int    `json:"registrations"`
	Products      int    `json:"products"`
	Franchises    int    `json:"franchises,omitempty"`
	Policy        bool   `json:"policy,omitempty"`
	Deletes       int    `json:"deletes,omitempty"`
	// Unchanged counts the records of the files or the change set equal
	// to the stored ones (a change set's policy equal to the stored one
	// counting as one), which the import left as they were (the counts
	// above are of the records it stored); an import of nothing but
	// those changes nothing and answers the profile's current version.
	Unchanged int `json:"unchanged,omitempty"`
	// Documents counts the scans the import carried for the
	// certificates it stored (each once), stored with them; those of the
	// certificates left unchanged are stored already.
	Documents int `json:"documents,omitempty"`
	// Files are the files read, in order.
	Files []string `json:"files,omitempty"`
}
