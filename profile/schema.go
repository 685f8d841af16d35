package profile

// The SchemaName methods name the schemas of the types in the OpenAPI
// document of Levy's server, whose admin routes send and take them
// (package api/profileadmin): the wire has types of the same Go names
// (Customer, Product), and each schema keeps its name whatever the
// other types are called.

// SchemaName names the schema of a Customer.
func (Customer) SchemaName() string { return "ProfileCustomer" }

// SchemaName names the schema of a Certificate.
func (Certificate) SchemaName() string { return "ProfileCertificate" }

// SchemaName names the schema of a Registration.
func (Registration) SchemaName() string { return "ProfileRegistration" }

// SchemaName names the schema of a Representative.
func (Representative) SchemaName() string { return "ProfileRepresentative" }

// SchemaName names the schema of a RepresentativeAddress.
func (RepresentativeAddress) SchemaName() string { return "ProfileRepresentativeAddress" }

// SchemaName names the schema of a Product.
func (Product) SchemaName() string { return "ProfileProduct" }

// SchemaName names the schema of a Policy.
func (Policy) SchemaName() string { return "ProfilePolicy" }

// SchemaName names the schema of a Tolerance.
func (Tolerance) SchemaName() string { return "ProfileTolerance" }

// SchemaName names the schema of a DocumentRef.
func (DocumentRef) SchemaName() string { return "ProfileDocument" }

// SchemaName names the schema of a Key.
func (Key) SchemaName() string { return "ProfileKey" }

// SchemaName names the schema of a ChangeSet.
func (ChangeSet) SchemaName() string { return "ProfileChangeSet" }

// SchemaName names the schema of Records.
func (Records) SchemaName() string { return "ProfileRecords" }
