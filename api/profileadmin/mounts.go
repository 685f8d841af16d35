package profileadmin

import (
	"net/http"
	"reflect"

	"github.com/levytax/levy/api"
	"github.com/levytax/levy/profile"
)

// The access of the routes, for the OpenAPI document.
const (
	readAccess = "Needs an access token of a tenant's admin (levy://admin by default) or of the web console's readers (levy://console), " +
		"each of which reads its own tenant only (another tenant is answered 403, another tenant's record 404 as an unknown one), " +
		"or of the server's operator (levy://operator by default), which names the tenant it reads with the tenant parameter."
	writeAccess = "Needs an access token of a tenant's admin (levy://admin by default), which changes its own tenant only " +
		"(another tenant is answered 403, another tenant's record 404 as an unknown one), or of the server's operator " +
		"(levy://operator by default), which names the tenant it changes with the tenant parameter. A console reader's token is refused 403. " +
		"A bad field is answered 400 naming it, and nothing is stored."
)

// Parameters of the routes.
var (
	tenantParam = api.Param{Name: "tenant", In: "query", Format: "identifier",
		Description: "The tenant: the token's own (another is answered 403), or the one the operator's token acts on, which it must name."}
	pageParams = []api.Param{
		{Name: "limit", In: "query", Format: "identifier", Description: "The most records of the page, 1 to 5000 (500 when absent)."},
		{Name: "offset", In: "query", Format: "identifier", Description: "How many records, in key order, come before the page (0 when absent)."},
		{Name: "asOf", In: "query", Format: "identifier", Description: "The records as they were then: a time (RFC 3339) or a day (its end, UTC); now when absent. The zero time, 0001-01-01T00:00:00Z, is refused."},
	}
	codePath     = api.Param{Name: "code", In: "path", Required: true, Format: "identifier", Description: "The customer's code."}
	numberPath   = api.Param{Name: "number", In: "path", Required: true, Format: "identifier", Description: "The certificate's number, unique per customer."}
	regJurPath   = api.Param{Name: "jurisdiction", In: "path", Required: true, Format: "identifier", Description: "The jurisdiction of the registration (US-TX, or TX for a US state; DEU for Germany, whose code DE is Delaware's)."}
	regNumPath   = api.Param{Name: "number", In: "path", Required: true, Format: "identifier", Description: "The registration's number."}
	regTypeParam = api.Param{Name: "type", In: "query", Format: "identifier", Description: "identity or tax: which of a number's two registrations, a number that only identifies the company and a tax registration of the same number, the route names; absent for the one registration of the number (refused when it has both)."}
	companyParam = api.Param{Name: "company", In: "query", Format: "identifier", Description: "The seller's company code of the registration; absent for the seller that names none."}
	typePath     = api.Param{Name: "codeType", In: "path", Required: true, Format: "identifier", Description: "The code type: SKU for the tenant's own codes, TIC, HS, or a type of the tenant's own."}
	productPath  = api.Param{Name: "code", In: "path", Required: true, Format: "identifier", Description: "The product code."}
	areaPath     = api.Param{Name: "areaId", In: "path", Required: true, Format: "identifier", Description: "The franchise area's ID, as lines send it (franchiseAreaId)."}
	feeNamePath  = api.Param{Name: "name", In: "path", Required: true, Format: "identifier", Description: "The fee's name, unique per area."}
	fileName     = api.Param{Name: "fileName", In: "query", Format: "identifier", Description: "The document's file name, kept without any directory."}
)

// reinstateParam is the parameter of an import that lets what (a row of
// status active) make a certificate revoked in Levy active again.
func reinstateParam(what string) api.Param {
	return api.Param{Name: "reinstateRevoked", In: "query", Format: "boolean",
		Description: "true: " + what + " makes a certificate revoked in Levy active again, or one revoked from a later day than Levy holds moves its revocation later (each refused with 409 when absent or false)."}
}

// params returns the parameters of a route: ps and the tenant.
func params(ps ...api.Param) []api.Param { return append(ps, tenantParam) }

// documentMedia are the media types of a certificate's document.
func documentMedia() []string { return append([]string(nil), profile.DocumentTypes...) }

// Mounts returns the options that mount the routes on an api.Server,
// each described for the OpenAPI document with the types its handler
// decodes and encodes. With a nil authenticator (see New) it mounts
// nothing.
func (h *Handler) Mounts() []api.Option {
	if h.auth == nil {
		return nil
	}
	g := func(next http.HandlerFunc) http.Handler { return api.Guard(h.auth, next) }
	op := func(method, path, id, summary, access string, ps []api.Param) api.Operation {
		return api.Operation{Method: method, Path: Prefix + path, ID: id, Tag: api.AdminTag, Summary: summary, Description: access, Params: params(ps...)}
	}
	with := func(o api.Operation, body reflect.Type, answer reflect.Type, status int, next http.HandlerFunc) api.Option {
		if body != nil {
			o.Body, o.BodyRequired = body, true
		}
		o.Answer, o.Status = answer, status
		return api.WithOperation(o, g(next))
	}
	cert := []api.Param{codePath, numberPath}
	regKey := []api.Param{regJurPath, regNumPath, companyParam, regTypeParam}
	prod := []api.Param{typePath, productPath}
	fee := []api.Param{areaPath, feeNamePath}
	cus, cer, reg := routesOf(h, &customers), routesOf(h, &certificates), routesOf(h, &registrations)
	pro, fra := routesOf(h, &products), routesOf(h, &franchises)
	customer := reflect.TypeFor[profile.Customer]()
	certificate := reflect.TypeFor[profile.Certificate]()
	registration := reflect.TypeFor[profile.Registration]()
	product := reflect.TypeFor[profile.Product]()
	franchise := reflect.TypeFor[profile.Franchise]()
	str := reflect.TypeFor[string]()

	uploadDoc := op(http.MethodPost, "/documents", "uploadCertificateDocument",
		"Stores a certificate's scan (a PDF or an image, at most 4 MiB) by its SHA-256 and answers the reference a certificate holds.", writeAccess, []api.Param{fileName})
	uploadDoc.Body, uploadDoc.BodyRequired, uploadDoc.BodyMedia = str, true, documentMedia()
	uploadDoc.Answer, uploadDoc.Status = api.Enveloped[profile.DocumentRef](), http.StatusCreated
	putDoc := op(http.MethodPut, "/customers/{code}/certificates/{number}/document", "putCertificateScan",
		"Stores a scan of the certificate (a PDF or an image, at most 4 MiB) and gives it to the certificate, in place of any other.", writeAccess, append(cert, fileName))
	putDoc.Body, putDoc.BodyRequired, putDoc.BodyMedia = str, true, documentMedia()
	putDoc.Answer = api.Enveloped[CertificateDetail]()
	getDoc := op(http.MethodGet, "/documents/{sha256}", "getCertificateDocument", "A stored scan, as an attachment of its type.", readAccess,
		[]api.Param{{Name: "sha256", In: "path", Required: true, Format: "identifier", Description: "The hex SHA-256 of the document."}})
	getDoc.Answer, getDoc.Media = str, "application/pdf"
	getCertDoc := op(http.MethodGet, "/customers/{code}/certificates/{number}/document", "getCertificateScan",
		"The scan of the certificate, as an attachment of its type and file name.", readAccess, cert)
	getCertDoc.Answer, getCertDoc.Media = str, "application/pdf"

	importFiles := op(http.MethodPost, "/import/files", "importProfileFiles",
		"Imports the CSV files an accountant exports (customers, certificates, registrations, products, franchises; the header names the kind): one file as text/csv, or several as multipart/form-data, all stored as one change or none.",
		writeAccess+" A bad row is answered 400 naming the file, the line and the column (certificates.csv:4:expiration_date); a file with any bad row imports nothing, nor do the others."+
			" A row of status active for a certificate revoked in Levy, or of a later revoked_date than Levy holds, is answered 409 naming its file, row and certificate, unless reinstateRevoked is true."+
			" Rows equal to the stored records are left as they are and counted as unchanged: files of nothing else store nothing and answer the current version."+
			" A row's document_sha256 names the certificate's scan, which must be stored first (uploadCertificateDocument), else the row is answered 400 on that column.",
		[]api.Param{{Name: "name", In: "query", Format: "identifier", Description: "The name of a text/csv body in errors (import.csv when absent)."},
			reinstateParam("a row of status active")})
	importFiles.Body, importFiles.BodyRequired, importFiles.BodyMedia = str, true, []string{"text/csv", "multipart/form-data"}
	importFiles.Answer = api.Enveloped[ImportAnswer]()
	exportJSON := op(http.MethodGet, "/export", "exportProfile",
		"Every record of the profile, as of now or asOf, as the JSON change set that the import route takes back; the header Levy-Profile-Version names the profile's version. "+
			"With documents=true it carries the certificates' scans (documents: each once, its sha256, mediaType and content in base64), so that an import on another server keeps them.",
		readAccess, append([]api.Param{{Name: "documents", In: "query", Format: "boolean",
			Description: "true: carry the scan of each certificate (each at most 4 MiB, once however many certificates hold it). Without it each certificate names its scan by its SHA-256 alone, which getCertificateDocument serves."}},
			pageParams[2:]...))
	exportJSON.Answer = reflect.TypeFor[profile.ChangeSet]()
	exportCSV := op(http.MethodGet, "/export/{kind}", "exportProfileFile",
		"The records of one kind as the CSV file that the import of files takes back.", readAccess,
		append([]api.Param{{Name: "kind", In: "path", Required: true, Format: "identifier", Description: "customers, certificates, registrations, products or franchises."}}, pageParams[2:]...))
	exportCSV.Answer, exportCSV.Media = str, "text/csv"

	return []api.Option{
		with(op(http.MethodGet, "/customers", "listProfileCustomers", "The tenant's customers, a page in code order.", readAccess,
			append([]api.Param{{Name: "customer", In: "query", Format: "identifier", Description: "Only the customers whose code starts so."}}, pageParams...)),
			nil, api.Enveloped[CustomerPage](), 0, cus.list),
		with(op(http.MethodPost, "/customers", "createProfileCustomer", "Creates a customer; one of the same code is refused.", writeAccess, nil),
			customer, api.Enveloped[CustomerDetail](), http.StatusCreated, cus.create),
		with(op(http.MethodGet, "/customers/{code}", "getProfileCustomer", "A customer, its certificates and every version of it.", readAccess, []api.Param{codePath}),
			nil, api.Enveloped[CustomerDetail](), 0, cus.get),
		with(op(http.MethodPut, "/customers/{code}", "updateProfileCustomer", "Replaces a customer.", writeAccess, []api.Param{codePath}),
			customer, api.Enveloped[CustomerDetail](), 0, cus.update),
		with(op(http.MethodDelete, "/customers/{code}", "deleteProfileCustomer", "Deletes a customer that holds no certificate; its versions stay.", writeAccess, []api.Param{codePath}),
			nil, api.Enveloped[CustomerDetail](), 0, cus.remove),

		with(op(http.MethodGet, "/certificates", "listProfileCertificates", "The tenant's exemption certificates, a page in customer and number order.", readAccess,
			append([]api.Param{
				{Name: "customer", In: "query", Format: "identifier", Description: "Only the certificates of this customer."},
				{Name: "jurisdiction", In: "query", Format: "identifier", Description: "Only the certificates that cover this jurisdiction or a jurisdiction within it (TX or US-TX: those of Texas, of the US, and of Texan cities; DEU for Germany, DE being Delaware). An ID that Levy does not know, and no record names, is refused."},
				{Name: "expiringBefore", In: "query", Format: "date", Description: "Only the certificates whose expiration date is before this day."},
				{Name: "status", In: "query", Format: "identifier", Description: "active or revoked."},
			}, pageParams...)),
			nil, api.Enveloped[CertificatePage](), 0, cer.list),
		with(op(http.MethodPost, "/customers/{code}/certificates", "createProfileCertificate",
			"Creates an exemption certificate of the customer; a number the customer holds already is refused.", writeAccess, []api.Param{codePath}),
			certificate, api.Enveloped[CertificateDetail](), http.StatusCreated, cer.create),
		with(op(http.MethodGet, "/customers/{code}/certificates/{number}", "getProfileCertificate", "A certificate and every version of it.", readAccess, cert),
			nil, api.Enveloped[CertificateDetail](), 0, cer.get),
		with(op(http.MethodPut, "/customers/{code}/certificates/{number}", "updateProfileCertificate", "Replaces a certificate.", writeAccess, cert),
			certificate, api.Enveloped[CertificateDetail](), 0, cer.update),
		with(op(http.MethodDelete, "/customers/{code}/certificates/{number}", "deleteProfileCertificate", "Deletes a certificate; its versions stay.", writeAccess, cert),
			nil, api.Enveloped[CertificateDetail](), 0, cer.remove),
		api.WithOperation(api.Operation{Method: http.MethodPost, Path: Prefix + "/customers/{code}/certificates/{number}/revoke", ID: "revokeProfileCertificate",
			Tag: api.AdminTag, Summary: "Revokes a certificate from a day (today, UTC, when the body gives none): it covers the days before it and none from it on. " +
				"A certificate revoked already keeps its revocation day unless the day given is earlier; a later day is refused (replace the certificate to change it). " +
				"A certificate that another request changes while it is revoked answers 409, and nothing is written.",
			Description: writeAccess, Params: params(cert...), Body: reflect.TypeFor[Revocation](), Answer: api.Enveloped[CertificateDetail]()},
			g(h.revokeCertificate)),
		api.WithOperation(getCertDoc, g(h.getCertificateDocument)),
		api.WithOperation(putDoc, g(h.putCertificateDocument)),

		with(op(http.MethodGet, "/registrations", "listProfileRegistrations", "The seller's registrations, a page in company and jurisdiction order.", readAccess,
			append([]api.Param{
				{Name: "company", In: "query", Format: "identifier", Description: "Only the registrations of this company code (empty: of the seller that names none)."},
				{Name: "jurisdiction", In: "query", Format: "identifier", Description: "Only the registrations of this jurisdiction, or of one within it or that covers it (DEU for Germany, DE being Delaware). An ID that Levy does not know, and no record names, is refused."},
			}, pageParams...)),
			nil, api.Enveloped[RegistrationPage](), 0, reg.list),
		with(op(http.MethodPost, "/registrations", "createProfileRegistration", "Creates a registration of the seller.", writeAccess, nil),
			registration, api.Enveloped[RegistrationDetail](), http.StatusCreated, reg.create),
		with(op(http.MethodGet, "/registrations/{jurisdiction}/{number}", "getProfileRegistration", "A registration and every version of it.", readAccess, regKey),
			nil, api.Enveloped[RegistrationDetail](), 0, reg.get),
		with(op(http.MethodPut, "/registrations/{jurisdiction}/{number}", "updateProfileRegistration", "Replaces a registration.", writeAccess, regKey),
			registration, api.Enveloped[RegistrationDetail](), 0, reg.update),
		with(op(http.MethodDelete, "/registrations/{jurisdiction}/{number}", "deleteProfileRegistration", "Deletes a registration; its versions stay.", writeAccess, regKey),
			nil, api.Enveloped[RegistrationDetail](), 0, reg.remove),

		with(op(http.MethodGet, "/products", "listProfileProducts", "The tenant's product codes and their classes, a page in code type and code order.", readAccess,
			append([]api.Param{
				{Name: "codeType", In: "query", Format: "identifier", Description: "Only the codes of this code type."},
				{Name: "class", In: "query", Format: "identifier", Description: "Only the codes of this product class."},
			}, pageParams...)),
			nil, api.Enveloped[ProductPage](), 0, pro.list),
		with(op(http.MethodPost, "/products", "createProfileProduct", "Maps a product code to a product class.", writeAccess, nil),
			product, api.Enveloped[ProductDetail](), http.StatusCreated, pro.create),
		with(op(http.MethodGet, "/products/{codeType}/{code}", "getProfileProduct", "A product code and every version of it.", readAccess, prod),
			nil, api.Enveloped[ProductDetail](), 0, pro.get),
		with(op(http.MethodPut, "/products/{codeType}/{code}", "updateProfileProduct", "Maps a product code to another class.", writeAccess, prod),
			product, api.Enveloped[ProductDetail](), 0, pro.update),
		with(op(http.MethodDelete, "/products/{codeType}/{code}", "deleteProfileProduct", "Deletes a product code; its versions stay.", writeAccess, prod),
			nil, api.Enveloped[ProductDetail](), 0, pro.remove),

		with(op(http.MethodGet, "/franchises", "listProfileFranchises",
			"The tenant's franchise area fees, a page in area and name order; they replace the server's fees of their areas in the tenant's calculations.", readAccess,
			append([]api.Param{{Name: "area", In: "query", Format: "identifier", Description: "Only the fees of this franchise area."}}, pageParams...)),
			nil, api.Enveloped[FranchisePage](), 0, fra.list),
		with(op(http.MethodPost, "/franchises", "createProfileFranchise", "Creates a franchise area fee; a fee of the same area and name is refused.", writeAccess, nil),
			franchise, api.Enveloped[FranchiseDetail](), http.StatusCreated, fra.create),
		with(op(http.MethodGet, "/franchises/{areaId}/{name}", "getProfileFranchise", "A franchise area fee and every version of it.", readAccess, fee),
			nil, api.Enveloped[FranchiseDetail](), 0, fra.get),
		with(op(http.MethodPut, "/franchises/{areaId}/{name}", "putProfileFranchise", "Stores a franchise area fee, new or in place of the one stored.", writeAccess, fee),
			franchise, api.Enveloped[FranchiseDetail](), 0, fra.update),
		with(op(http.MethodDelete, "/franchises/{areaId}/{name}", "deleteProfileFranchise", "Deletes a franchise area fee; its versions stay.", writeAccess, fee),
			nil, api.Enveloped[FranchiseDetail](), 0, fra.remove),

		with(op(http.MethodGet, "/policy", "getProfilePolicy", "The tenant's policy (the per-tenant form of the server's settings) and every version of it.", readAccess, nil),
			nil, api.Enveloped[PolicyDetail](), 0, h.getPolicy),
		with(op(http.MethodPut, "/policy", "putProfilePolicy", "Replaces the tenant's policy; a member left out keeps the server's setting.", writeAccess, nil),
			reflect.TypeFor[profile.Policy](), api.Enveloped[PolicyDetail](), 0, h.putPolicy),

		api.WithOperation(uploadDoc, g(h.uploadDocument)),
		api.WithOperation(getDoc, g(h.getDocument)),
		with(op(http.MethodPost, "/import", "importProfile",
			"Imports a change set (records to store, keys to delete, a policy, the certificates' scans) as one change, all or nothing; records and a policy equal to the stored ones are left as they are and counted unchanged. "+
				"A scan carried (documents) must be what its sha256 says, a document of at most 4 MiB of its type, and held by a certificate of the change set; each is stored once. "+
				"The body is bounded by the server's --max-body: scans that do not fit in one body are stored first with uploadCertificateDocument, and the change set names them by their sha256.",
			writeAccess+" A certificate of status active (or none) that is revoked in Levy is answered 409 naming its status (certificates[2].status), and one revoked from a later day than Levy holds naming its revokedDate, unless reinstateRevoked is true.",
			[]api.Param{reinstateParam("a certificate of status active")}),
			reflect.TypeFor[profile.ChangeSet](), api.Enveloped[ImportAnswer](), 0, h.importChangeSet),
		api.WithOperation(importFiles, g(h.importFiles)),
		api.WithOperation(exportJSON, g(h.exportJSON)),
		api.WithOperation(exportCSV, g(h.exportCSV)),
	}
}
