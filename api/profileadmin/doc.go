// Package profileadmin serves the tax profiles of tenants (package
// profile) to their administrators: the admin routes that create, change,
// revoke, delete, list and show customers, exemption certificates,
// registrations, products, franchise area fees and the policy, each
// record with its versions; the scans of certificates, stored by digest;
// and the bulk import (a JSON change set, or the CSV files of package
// profile/profilecsv) and export of a whole profile. Every route is described in the OpenAPI
// document (Mounts).
//
//	GET    /admin/v1/profile/customers[?customer=PREFIX]                     the customers (a page)
//	POST   /admin/v1/profile/customers                                       a new customer
//	GET    /admin/v1/profile/customers/{code}                                a customer, its certificates and its versions
//	PUT    /admin/v1/profile/customers/{code}                                the customer replaced
//	DELETE /admin/v1/profile/customers/{code}                                the customer deleted (once it holds no certificate)
//	GET    /admin/v1/profile/certificates[?customer&jurisdiction&expiringBefore&status]  the certificates (a page)
//	POST   /admin/v1/profile/customers/{code}/certificates                   a new certificate of the customer
//	GET    /admin/v1/profile/customers/{code}/certificates/{number}          a certificate and its versions
//	PUT    /admin/v1/profile/customers/{code}/certificates/{number}          the certificate replaced
//	DELETE /admin/v1/profile/customers/{code}/certificates/{number}          the certificate deleted
//	POST   /admin/v1/profile/customers/{code}/certificates/{number}/revoke   the certificate revoked from a date (today by default; never later than a revocation stored)
//	GET    /admin/v1/profile/customers/{code}/certificates/{number}/document the certificate's scan
//	PUT    /admin/v1/profile/customers/{code}/certificates/{number}/document a scan stored and given to the certificate
//	GET    /admin/v1/profile/registrations[?company&jurisdiction]            the registrations (a page)
//	POST   /admin/v1/profile/registrations                                   a new registration
//	GET|PUT|DELETE /admin/v1/profile/registrations/{jurisdiction}/{number}[?company=C]
//	GET    /admin/v1/profile/products[?codeType&class]                       the products (a page)
//	POST   /admin/v1/profile/products                                        a new product code
//	GET|PUT|DELETE /admin/v1/profile/products/{codeType}/{code}
//	GET    /admin/v1/profile/franchises[?area]                               the franchise area fees (a page)
//	POST   /admin/v1/profile/franchises                                      a new franchise fee
//	GET|PUT|DELETE /admin/v1/profile/franchises/{areaId}/{name}             PUT stores the fee, new or in place of the stored one
//	GET|PUT /admin/v1/profile/policy                                         the policy and its versions; the policy replaced
//	POST   /admin/v1/profile/documents[?fileName=N]                          a scan stored by its digest
//	GET    /admin/v1/profile/documents/{sha256}                              a scan
//	POST   /admin/v1/profile/import                                          a JSON change set, all or nothing
//	POST   /admin/v1/profile/import/files                                    CSV files (text/csv, or several as multipart/form-data), all or nothing
//	GET    /admin/v1/profile/export                                          every record as JSON, which /import takes back
//	GET    /admin/v1/profile/export/{kind}                                   one kind as the CSV file /import/files takes back
//
// Every route takes ?tenant=T. An admin token (levy://admin by default)
// acts on its own tenant only, whether it names it or not, and another
// tenant is answered 403; the operator's token names the tenant it acts
// on (api.AdminScope). A record of another tenant is answered 404 as one
// that exists nowhere: every read and write goes through the token's
// tenant's profile, whose keys no other tenant shares. Tokens of the web
// console's reader audience may call the routes that read (their
// requests are read-only, levy.WithReadOnly), and are refused 403 by the
// routes that write, before anything is read or stored.
//
// Writes are validated field by field, and across records within the
// change's atomic unit (profile.Service): a bad field is a 400 naming
// it (expirationDate before the effective date; an unknown jurisdiction,
// reason code or class; a certificate number the customer holds
// already; an unknown customer), and nothing is stored. The errors of
// an import name the place in the files ("certificates.csv:4:
// expiration_date"). Neither import makes a certificate revoked in Levy
// active again unless reinstateRevoked=true says so: a row or a change
// set's certificate of status active for it is answered 409 naming its
// status, and nothing is stored; nor does either move a revocation to a
// later day (409 naming the revoked_date, revokedDate, and both days).
// Both imports answer 200 with the profile version they made, the
// records of each kind they stored or deleted and those they left
// unchanged, whether or not they created records: an import is one
// change of the profile, not a new resource (POST of a single record
// answers 201). PUT replaces the record whole (last write wins);
// the key comes from the path, and a body that names another is
// refused. Reads take asOf, a time (RFC 3339) or a day (its end, UTC):
// the records as they were then. Go's zero time, 0001-01-01T00:00:00Z
// (what a client writes for a time it never set), is refused naming
// asOf rather than read as now; a later time of that day reads the
// profile before its first version.
//
// A version's by is the client ID of the credential that made it; a
// change of the server's operator is stored as "operator/" and its
// client ID, which a tenant's admin or reader reads as "operator" only;
// so are the versions stored before with an operator credential's bare
// client ID, given WithOperatorClients.
//
// A certificate's scan is a PDF or an image (profile.DocumentTypes, its
// first bytes checked), at most profile.MaxDocumentSize, stored per
// tenant by its SHA-256. It is served back as an attachment, with its
// type, nosniff and a sandboxing Content-Security-Policy, so that no
// document runs in the console's origin.
//
// A Handler is safe for concurrent use.
package profileadmin
