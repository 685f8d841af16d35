package api

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/internal/jsonbody"
	"github.com/levytax/levy/taxarea"
	"github.com/levytax/levy/wire"
)

// calculate serves a calculation endpoint with one of the engine's
// With methods (SaleWith, PurchaseWith, OwnerWith), which validates the
// request. The answer is encoded and written inside the method's function,
// the only place where the response is valid: the engine reuses the
// memory of its taxes once the function returns, unless it stored them.
func calculate[Req, Resp any](fn func(*engine.Engine, context.Context, *Req, func(*Resp) error) error) func(*Server, http.ResponseWriter, *http.Request) {
	return func(s *Server, w http.ResponseWriter, r *http.Request) {
		req := new(Req)
		if err := s.decode(r, req); err != nil {
			s.fail(w, r, err)
			return
		}
		var decoded time.Time
		if elapsedDetailsAsked(req) {
			decoded = time.Now()
		}
		// Whether to leave out Levy's own members is known before the
		// calculation, which may store the transaction: a policy that
		// cannot be read fails the request before anything is stored.
		omit, err := s.omitLevyMembers(r.Context())
		if err != nil {
			s.fail(w, r, err)
			return
		}
		err = fn(s.engine, r.Context(), req, func(resp *Resp) error {
			x := exchangeOf(r.Context())
			m := s.meta(x)
			if !decoded.IsZero() {
				m.TimeElapsedDetails = elapsedDetails(x, decoded, "calculation")
			}
			if omit {
				// Without Levy's own members, for the clients whose
				// generated models refuse them (WithLevyMembers); resp,
				// which the journal may have lent, is not changed.
				okWith(s, w, r, withoutLevyMembersOf(resp), m)
				return nil
			}
			okWith(s, w, r, resp, m)
			return nil
		})
		if err != nil {
			s.fail(w, r, err)
		}
	}
}

// explained serves an explanation with one of the engine's Explain
// methods, which validates the request as the calculation does and
// stores nothing.
func explained[Req, Resp any](fn func(*engine.Engine, context.Context, *Req) (*Resp, wire.Explanation, error)) func(*Server, http.ResponseWriter, *http.Request) {
	return func(s *Server, w http.ResponseWriter, r *http.Request) {
		req := new(Req)
		if err := s.decode(r, req); err != nil {
			s.fail(w, r, err)
			return
		}
		resp, ex, err := fn(s.engine, r.Context(), req)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		ok(s, w, r, &Explained[Resp]{Response: resp, Explanation: ex})
	}
}

// AppendJSON appends x as encoding/json encodes it, the response with its
// own AppendJSON when it has one, so that it is the calculation route's
// byte for byte.
func (x *Explained[Resp]) AppendJSON(b []byte) ([]byte, error) {
	b = append(b, `{"response":`...)
	if a, is := any(x.Response).(jsonAppender); is && x.Response != nil {
		var err error
		if b, err = a.AppendJSON(b); err != nil {
			return nil, err
		}
	} else {
		r, err := json.Marshal(x.Response)
		if err != nil {
			return nil, err
		}
		b = append(b, r...)
	}
	ex, err := json.Marshal(x.Explanation)
	if err != nil {
		return nil, err
	}
	b = append(b, `,"explanation":`...)
	b = append(b, ex...)
	return append(b, '}'), nil
}

// SchemaName names the schema of x in the OpenAPI document after the
// calculation it explains: ExplainedSale, ExplainedPurchase, ExplainedOwner.
func (Explained[Resp]) SchemaName() string {
	return "Explained" + strings.TrimSuffix(reflect.TypeFor[Resp]().Name(), "Response")
}

// lookup serves a tax area lookup with one of the resolver's methods,
// which validates the request. The body as sent is read again for what
// the decoded request cannot tell: a member that the lookup does not
// have (a date or a street line under another name), refused as the same
// search is in a batch (wire.Search), where it was ignored and the
// lookup answered without it; and, by check when given, a member left
// out from one given as zero.
func lookup[Req any](fn func(*taxarea.Resolver, context.Context, Req) (*wire.LookupResponse, error), check ...func(body []byte) error) func(*Server, http.ResponseWriter, *http.Request) {
	checks := append(slices.Clip(check), func(b []byte) error { return unknownLookupMembers(b, reflect.TypeFor[Req]()) })
	return func(s *Server, w http.ResponseWriter, r *http.Request) {
		var req Req
		var sent bytes.Buffer
		r.Body = struct {
			io.Reader
			io.Closer
		}{io.TeeReader(r.Body, &sent), r.Body}
		if err := s.decode(r, &req); err != nil {
			s.fail(w, r, err)
			return
		}
		var decoded time.Time
		if elapsedDetailsAsked(&req) {
			decoded = time.Now()
		}
		body := bytes.TrimPrefix(sent.Bytes(), []byte("\uFEFF"))
		var errs levy.Errors
		for _, c := range checks {
			if err := c(body); err != nil {
				var some levy.Errors
				var one *levy.Error
				switch {
				case errors.As(err, &some):
					errs = append(errs, some...)
				case errors.As(err, &one):
					errs = append(errs, one)
				default:
					s.fail(w, r, err)
					return
				}
			}
		}
		if len(errs) > 0 {
			s.fail(w, r, errs)
			return
		}
		resp, err := fn(s.engine.Resolver(), r.Context(), req)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		x := exchangeOf(r.Context())
		m := s.meta(x)
		if !decoded.IsZero() {
			m.TimeElapsedDetails = elapsedDetails(x, decoded, "lookup")
		}
		okWith(s, w, r, resp, m)
	}
}

// elapsedDetailsAsked tells whether req, a decoded request body, asks
// for the details of the time elapsed (returnTimeElapsedDetailsIndicator,
// which the calculations and the address lookup have).
func elapsedDetailsAsked(req any) bool {
	switch x := req.(type) {
	case *wire.SaleRequest:
		return x.ReturnTimeElapsedDetailsIndicator
	case *wire.PurchaseRequest:
		return x.ReturnTimeElapsedDetailsIndicator
	case *wire.OwnerRequest:
		return x.ReturnTimeElapsedDetailsIndicator
	case *wire.AddressLookupRequest:
		return x.ReturnTimeElapsedDetailsIndicator
	}
	return false
}

// maxUnknownMembers is the most unknown members one answer names.
const maxUnknownMembers = 10

// unknownLookupMembers refuses the members of body, a lookup's JSON
// already decoded into a value of type t, that t does not have, at any
// depth, naming each by its path as a batch names it
// ("postalAddress.streetAddress": "is not a member of this lookup").
func unknownLookupMembers(body []byte, t reflect.Type) error {
	var errs levy.Errors
	jsonbody.UnknownMembers(body, t, nil, func(u jsonbody.Unknown) bool {
		errs = append(errs, levy.Invalid(jsonbody.Clip(u.Path.String()), "is not a member of this lookup; its members are %s", strings.Join(u.Known, ", ")))
		return len(errs) < maxUnknownMembers
	})
	if len(errs) > 0 {
		return errs
	}
	return nil
}

// coordinatesGiven is the check of a coordinates lookup's body: its
// latitude and longitude are there (wire.CheckCoordinates).
func coordinatesGiven(body []byte) error { return wire.CheckCoordinates("", body) }

func (s *Server) findTaxAreas(w http.ResponseWriter, r *http.Request) {
	searches, err := s.decodeSearches(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	res, err := s.engine.Resolver().Find(r.Context(), searches)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	ok(s, w, r, res)
}

func (s *Server) deleteTransaction(w http.ResponseWriter, r *http.Request) {
	if err := s.refuseBody(r); err != nil {
		s.fail(w, r, err)
		return
	}
	id := r.PathValue("id")
	if err := s.engine.DeleteTransaction(r.Context(), id); err != nil {
		s.fail(w, r, err)
		return
	}
	s.write(w, r, http.StatusOK, DeleteAnswer{TransactionID: id, Meta: s.meta(exchangeOf(r.Context()))})
}

func (s *Server) reverseTransaction(w http.ResponseWriter, r *http.Request) {
	var body ReversalBody
	if err := s.decodeOptional(r, &body); err != nil {
		s.fail(w, r, err)
		return
	}
	for _, id := range []struct{ field, value string }{
		{"data.transactionId", body.Data.TransactionID}, {"data.documentNumber", body.Data.DocumentNumber},
	} {
		if err := wire.CheckIdentifier(id.field, id.value); err != nil {
			s.fail(w, r, err)
			return
		}
	}
	resp, err := s.engine.ReverseTransaction(r.Context(), r.PathValue("id"), body.Data)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	ok(s, w, r, resp)
}

func (s *Server) rollbackTransaction(w http.ResponseWriter, r *http.Request) {
	if err := s.refuseBody(r); err != nil {
		s.fail(w, r, err)
		return
	}
	resp, err := s.engine.RollbackTransaction(r.Context(), r.PathValue("id"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	ok(s, w, r, resp)
}

func (s *Server) transactionExists(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("transactionid")
	found, err := s.engine.TransactionExists(r.Context(), id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.write(w, r, http.StatusOK, ExistsAnswer{TransactionID: id, TransactionExistsIndicator: strconv.FormatBool(found),
		Meta: s.meta(exchangeOf(r.Context()))})
}

func (s *Server) changedTaxAreas(w http.ResponseWriter, r *http.Request) {
	from, to, err := dateRange(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	ids, err := s.engine.Resolver().ChangedTaxAreas(r.Context(), from, to)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	ok(s, w, r, ids)
}

func (s *Server) taxAreaChanged(w http.ResponseWriter, r *http.Request) {
	from, to, err := dateRange(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	changed, err := s.engine.Resolver().TaxAreaChanged(r.Context(), r.PathValue("taxareaid"), from, to)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	ok(s, w, r, ChangedAnswer{Changed: changed})
}

func (s *Server) openAPI(w http.ResponseWriter, r *http.Request) {
	doc, err := s.document()
	if err != nil {
		s.fail(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(len(doc)))
	exchangeOf(r.Context()).status = http.StatusOK
	_, _ = w.Write(doc)
}

// dateRange reads the beginDate and endDate query parameters; the
// resolver checks that beginDate is there and that the range is not
// reversed. Any other parameter, or one of them given twice, is refused
// (CheckQuery): an endDate misspelt (enddate, end_date) would otherwise
// leave the range open to today without a word.
func dateRange(r *http.Request) (from, to civil.Date, err error) {
	q := r.URL.Query()
	var errs levy.Errors
	if bad, ok := CheckQuery(q, "beginDate", "endDate").(levy.Errors); ok {
		errs = append(errs, bad...)
	}
	for _, p := range []struct {
		name string
		into *civil.Date
	}{{"beginDate", &from}, {"endDate", &to}} {
		v := q.Get(p.name)
		if v == "" {
			continue
		}
		d, err := civil.Parse(v)
		if err != nil {
			// The value is quoted cut, as CheckQuery cuts a name: a
			// date of 60 KB is not sent back whole.
			errs = append(errs, levy.Invalid(p.name, "%s", civil.Refusal(strconv.Quote(jsonbody.Clip(v)), err)))
			continue
		}
		*p.into = d
	}
	if len(errs) > 0 {
		return from, to, errs
	}
	return from, to, nil
}

// decode reads a required JSON body into v.
func (s *Server) decode(r *http.Request, v any) error {
	if err := JSONContent(r); err != nil {
		return err
	}
	return jsonbody.Decode(r.Body, v, s.limit)
}

// refuseBody refuses (400, naming each member) a body of an operation
// that takes none, the deletion and the rollback of a transaction: a
// client that sends lines or a version means a part of the operation
// that the whole one would silently not do. No body, an empty one and
// an empty object are accepted.
func (s *Server) refuseBody(r *http.Request) error { return refuseBody(r, s.limit) }

// refuseBody refuses (400, naming each member) a body of r, an operation
// that takes none, read up to limit bytes; no body, an empty one or {}
// pass. Guard calls it for the operations mounted beside the API that
// declare no body, so that a wish sent in one (a date of a deletion, a
// secret of one's own) is not passed over.
func refuseBody(r *http.Request, limit int64) error {
	var none struct{}
	return decodeOptional(r, &none, limit)
}

// decodeOptional reads a JSON body into v when there is one, and refuses
// a member that v's type does not have, naming it (refuseBody reads a
// body into a type with no members). The one optional body
// is a reversal's, which writes to the journal: an extra member there is
// a wish the reversal would not honour, such as lines to reverse (a
// reversal is of the whole transaction) or a misspelt postingDate (the
// reversal would count for today), so it is refused rather than ignored
// as the calculations' extras are.
func (s *Server) decodeOptional(r *http.Request, v any) error { return decodeOptional(r, v, s.limit) }

// decodeOptional is Server.decodeOptional with limit as the body's limit.
func decodeOptional(r *http.Request, v any, limit int64) error {
	if r.ContentLength == 0 {
		return nil
	}
	if r.ContentLength > 0 {
		// A body is announced: its media type is refused before any of it
		// is read, and so before a 100 Continue.
		if err := JSONContent(r); err != nil {
			return err
		}
	}
	b, err := io.ReadAll(io.LimitReader(r.Body, limit+1))
	if err != nil {
		return err
	}
	// A byte order mark, which some clients' writers put before every
	// text they write, an empty one too, is no part of the JSON: a body
	// of a mark and whitespace is no body.
	if len(bytes.TrimSpace(bytes.TrimPrefix(b, []byte("\ufeff")))) == 0 {
		return nil
	}
	if int64(len(b)) > limit {
		return jsonbody.TooLarge(limit)
	}
	if err := JSONContent(r); err != nil {
		return err
	}
	if err := jsonbody.Decode(bytes.NewReader(b), v, limit); err != nil {
		return err
	}
	var errs levy.Errors
	jsonbody.UnknownMembers(bytes.TrimPrefix(b, []byte("\ufeff")), reflect.TypeOf(v), nil, func(u jsonbody.Unknown) bool {
		if len(u.Known) == 0 {
			errs = append(errs, levy.Invalid(jsonbody.Clip(u.Path.String()), "%q is not a member here: this operation takes no body", jsonbody.Clip(u.Name)))
		} else {
			errs = append(errs, levy.Invalid(jsonbody.Clip(u.Path.String()), "%q is not a member here; the members are %s", jsonbody.Clip(u.Name), strings.Join(u.Known, ", ")))
		}
		return len(errs) < maxUnknownMembers
	})
	if len(errs) > 0 {
		return errs
	}
	return nil
}

// JSONContent accepts a body declared as JSON (application/json or a
// +json type) in UTF-8 (no charset, or charset=utf-8), or not declared
// at all, and refuses any other, another charset too, with a 415 error
// about Content-Type. Handlers mounted with WithOperation use it too.
func JSONContent(r *http.Request) error {
	ct := r.Header.Get("Content-Type")
	if ct == "" || ct == "application/json" { // what mime.ParseMediaType would accept, without its map
		return nil
	}
	mt, params, err := mime.ParseMediaType(ct)
	if err == nil && (mt == "application/json" || (len(mt) > 5 && mt[len(mt)-5:] == "+json")) {
		// JSON is UTF-8 (RFC 8259, section 8.1). A body declared in
		// another charset would be read as UTF-8 all the same, and its
		// letters outside ASCII lost (é in ISO-8859-1 became U+FFFD).
		// "utf8", which some clients write, is UTF-8 too.
		if cs, given := params["charset"]; given && !strings.EqualFold(cs, "utf-8") && !strings.EqualFold(cs, "utf8") {
			return &levy.Error{Code: levy.EUnsupported, Field: "Content-Type",
				Message: "the body must be JSON in UTF-8, not in charset " + strconv.Quote(cs) + "; send it in UTF-8 with charset=utf-8 or no charset"}
		}
		return nil
	}
	return &levy.Error{Code: levy.EUnsupported, Field: "Content-Type", Message: "the body must be JSON (application/json), not " + strconv.Quote(ct)}
}

// RenameField gives an error about field the name a route uses for it
// (say, the name of its path parameter); any other error is returned as
// it is. It is levy.RenameField.
func RenameField(err error, field, name string) error { return levy.RenameField(err, field, name) }
