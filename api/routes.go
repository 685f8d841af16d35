package api

import (
	"net/http"
	"reflect"

	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/taxarea"
	"github.com/levytax/levy/wire"
)

// Bases are the base paths under which every route is served: the
// published one; the one that older clients are configured with; and the
// one that clients generated from the commercial API's interface
// description reach, whose server URL ends in /api/v2 and whose paths
// begin with /v2 (/v2/supplies).
var Bases = []string{"/api/v2", "/vertex-ws/v2", "/api/v2/v2"}

// Route is one operation of the API. The table of routes drives the mux
// and the OpenAPI document alike, so the two cannot disagree.
type Route struct {
	Method  string
	Path    string // below the base path, with {name} for a path parameter
	ID      string // the operationId
	Tag     string
	Summary string
	Params  []Param
	// Body is the type of the request body, nil when there is none;
	// BodyRequired says whether it may be left out.
	Body         reflect.Type
	BodyRequired bool
	// Answer is the type of the whole body of a 200 answer.
	Answer reflect.Type
	// Public routes need no access token.
	Public bool
	// Writes marks a route that changes stored transactions whatever its
	// body says: Guard refuses it to a read-only token before it runs.
	// (The calculations store only some message types; the journal
	// refuses those to a read-only token.)
	Writes bool

	serve func(s *Server, w http.ResponseWriter, r *http.Request)
}

// operation returns rt as an operation of the OpenAPI document, with its
// path under the base paths.
func (rt Route) operation() Operation {
	return Operation{Method: rt.Method, Path: rt.Path, ID: rt.ID, Tag: rt.Tag, Summary: rt.Summary, Params: rt.Params,
		Body: rt.Body, BodyRequired: rt.BodyRequired, Answer: rt.Answer, Public: rt.Public}
}

// Param is a path, query or header parameter of a route.
type Param struct {
	Name     string
	In       string // "path", "query" or "header"
	Required bool
	// Format is the form of the value: "identifier", "transactionId",
	// "taxAreaId", "date", "decimal" or "boolean".
	Format      string
	Description string
}

// The answers whose members sit beside meta instead of under data.
type (
	// DeleteAnswer answers the deletion of a stored transaction.
	DeleteAnswer struct {
		TransactionID string `json:"transactionId"`
		Meta          Meta   `json:"meta"`
	}
	// ExistsAnswer tells whether a transaction is stored. The indicator is
	// the string "true" or "false", as the wire format has it.
	ExistsAnswer struct {
		TransactionID              string `json:"transactionId"`
		TransactionExistsIndicator string `json:"transactionExistsIndicator" check:"in=true|false"`
		Meta                       Meta   `json:"meta"`
	}
	// ReversalBody is the body of a reversal request.
	ReversalBody struct {
		Data wire.ReversalRequest `json:"data,omitzero"`
	}
	// Explained answers an explanation: the calculation's response, as
	// the calculation route answers it, and the explanation of its taxes
	// (wire.Explanation), line by line and tax by tax in the
	// response's order.
	Explained[Resp any] struct {
		Response    *Resp            `json:"response"`
		Explanation wire.Explanation `json:"explanation"`
	}
	// ChangedAnswer tells whether one tax area changed.
	ChangedAnswer struct {
		Changed bool `json:"changed"`
	}
)

func typeOf[T any]() reflect.Type { return reflect.TypeFor[T]() }

var (
	transactionID = Param{Name: "id", In: "path", Required: true, Format: "transactionId",
		Description: "The transaction ID given on the original calculation, 1 to 40 characters."}
	beginDate = Param{Name: "beginDate", In: "query", Required: true, Format: "date",
		Description: "The first day of the range (YYYY-MM-DD)."}
	endDate = Param{Name: "endDate", In: "query", Format: "date",
		Description: "The last day of the range (YYYY-MM-DD); when absent, today, or beginDate itself when it is after today."}
)

// routes is the table of the API's operations.
func routes() []Route {
	return []Route{
		{Method: "POST", Path: "/supplies", ID: "calculateSale", Tag: "Calculation",
			Summary: "Calculates the taxes of a sale (the seller's perspective); saleMessageType selects the kind.",
			Body:    typeOf[wire.SaleRequest](), BodyRequired: true, Answer: typeOf[envelope[*wire.SaleResponse]](),
			serve: calculate((*engine.Engine).SaleWith)},
		{Method: "POST", Path: "/procurement", ID: "calculatePurchase", Tag: "Calculation",
			Summary: "Calculates the taxes of a purchase (the buyer's perspective); purchaseMessageType selects the kind.",
			Body:    typeOf[wire.PurchaseRequest](), BodyRequired: true, Answer: typeOf[envelope[*wire.PurchaseResponse]](),
			serve: calculate((*engine.Engine).PurchaseWith)},
		{Method: "POST", Path: "/owner", ID: "calculateOwner", Tag: "Calculation",
			Summary: "Calculates the taxes of a movement of the owner's own assets; ownerMessageType selects the kind.",
			Body:    typeOf[wire.OwnerRequest](), BodyRequired: true, Answer: typeOf[envelope[*wire.OwnerResponse]](),
			serve: calculate((*engine.Engine).OwnerWith)},

		{Method: "POST", Path: "/explain/supplies", ID: "explainSale", Tag: "Explanation",
			Summary: "Calculates a sale as POST /supplies does and answers its response with each tax's rule, reason in words and rate source; stores nothing, whatever saleMessageType says.",
			Body:    typeOf[wire.SaleRequest](), BodyRequired: true, Answer: typeOf[envelope[*Explained[wire.SaleResponse]]](),
			serve: explained((*engine.Engine).ExplainSale)},
		{Method: "POST", Path: "/explain/procurement", ID: "explainPurchase", Tag: "Explanation",
			Summary: "Calculates a purchase as POST /procurement does and answers its response with each tax's rule, reason in words and rate source; stores nothing.",
			Body:    typeOf[wire.PurchaseRequest](), BodyRequired: true, Answer: typeOf[envelope[*Explained[wire.PurchaseResponse]]](),
			serve: explained((*engine.Engine).ExplainPurchase)},
		{Method: "POST", Path: "/explain/owner", ID: "explainOwner", Tag: "Explanation",
			Summary: "Calculates a movement of the owner's assets as POST /owner does and answers its response with each tax's rule, reason in words and rate source; stores nothing.",
			Body:    typeOf[wire.OwnerRequest](), BodyRequired: true, Answer: typeOf[envelope[*Explained[wire.OwnerResponse]]](),
			serve: explained((*engine.Engine).ExplainOwner)},

		{Method: "DELETE", Path: "/transactions/{id}", ID: "deleteTransaction", Tag: "Transactions", Writes: true,
			Summary: "Deletes a stored transaction.", Params: []Param{transactionID},
			Answer: typeOf[DeleteAnswer](), serve: (*Server).deleteTransaction},
		{Method: "POST", Path: "/transactions/{id}/reversal", ID: "reverseTransaction", Tag: "Transactions", Writes: true,
			Summary: "Stores a reversal of a transaction: a copy with every amount negated.", Params: []Param{transactionID},
			Body: typeOf[ReversalBody](), Answer: typeOf[envelope[*wire.ReversalResponse]](), serve: (*Server).reverseTransaction},
		{Method: "POST", Path: "/transactions/{id}/rollback", ID: "rollbackTransaction", Tag: "Transactions", Writes: true,
			Summary: "Returns a transaction to its state before the last sync calculation changed it.", Params: []Param{transactionID},
			Answer: typeOf[envelope[*wire.RollbackResponse]](), serve: (*Server).rollbackTransaction},
		{Method: "GET", Path: "/transaction-exists/{transactionid}", ID: "transactionExists", Tag: "Transactions",
			Summary: "Tells whether a transaction is stored (a deleted one is not).",
			Params:  []Param{{Name: "transactionid", In: "path", Required: true, Format: "transactionId", Description: transactionID.Description}},
			Answer:  typeOf[ExistsAnswer](), serve: (*Server).transactionExists},

		{Method: "POST", Path: "/address-lookup", ID: "lookupAddress", Tag: "Tax areas",
			Summary: "Cleanses a postal address and returns its tax areas and their jurisdictions.",
			Body:    typeOf[wire.AddressLookupRequest](), BodyRequired: true, Answer: typeOf[envelope[*wire.LookupResponse]](),
			serve: lookup((*taxarea.Resolver).LookupAddress)},
		{Method: "POST", Path: "/coordinates-lookup", ID: "lookupCoordinates", Tag: "Tax areas",
			Summary: "Returns the tax area of a point given by latitude and longitude.",
			Body:    typeOf[wire.CoordinatesLookupRequest](), BodyRequired: true, Answer: typeOf[envelope[*wire.LookupResponse]](),
			serve: lookup((*taxarea.Resolver).LookupCoordinates, coordinatesGiven)},
		{Method: "POST", Path: "/taxareaid-lookup", ID: "lookupTaxAreaId", Tag: "Tax areas",
			Summary: "Returns the jurisdictions of a tax area ID.",
			Body:    typeOf[wire.TaxAreaIDLookupRequest](), BodyRequired: true, Answer: typeOf[envelope[*wire.LookupResponse]](),
			serve: lookup((*taxarea.Resolver).LookupTaxAreaID)},
		{Method: "POST", Path: "/external-jurisdiction-lookup", ID: "lookupExternalJurisdiction", Tag: "Tax areas",
			Summary: "Returns the tax areas of a jurisdiction code assigned by a government.",
			Body:    typeOf[wire.ExternalJurisdictionLookupRequest](), BodyRequired: true, Answer: typeOf[envelope[*wire.LookupResponse]](),
			serve: lookup((*taxarea.Resolver).LookupExternal)},
		{Method: "POST", Path: "/find-taxareas", ID: "findTaxAreas", Tag: "Tax areas",
			Summary: "Runs several lookups of any kind in one call, at most 1,000.",
			Body:    typeOf[[]wire.Search](), BodyRequired: true, Answer: typeOf[envelope[[]wire.SearchResult]](),
			serve: (*Server).findTaxAreas},
		{Method: "GET", Path: "/changed-taxareas", ID: "changedTaxAreas", Tag: "Tax areas",
			Summary: "Lists the tax areas that changed in a date range.", Params: []Param{beginDate, endDate},
			Answer: typeOf[envelope[[]string]](), serve: (*Server).changedTaxAreas},
		{Method: "GET", Path: "/changed-taxareas/{taxareaid}", ID: "taxAreaChanged", Tag: "Tax areas",
			Summary: "Tells whether one tax area changed in a date range.",
			Params: []Param{{Name: "taxareaid", In: "path", Required: true, Format: "taxAreaId", Description: "A tax area ID."},
				beginDate, endDate},
			Answer: typeOf[envelope[ChangedAnswer]](), serve: (*Server).taxAreaChanged},

		{Method: "GET", Path: "/openapi.json", ID: "openAPI", Tag: "Service",
			Summary: "This document.", Public: true, serve: (*Server).openAPI},
	}
}
