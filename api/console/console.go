package console

import (
	"embed"
	"io/fs"
	"log/slog"
	"net/http"
	"path"
	"strings"

	"github.com/levytax/levy"
	"github.com/levytax/levy/api"
	"github.com/levytax/levy/api/journaladmin"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/journal"
)

// DefaultAudience is the audience of the console's credentials: `levy
// serve` accepts its tokens at the API beside the API's own audiences.
const DefaultAudience = "levy://console"

// Prefix is the path the console is served under.
const Prefix = "/console/"

//go:embed assets
var assets embed.FS

// securityPolicy lets a console page load and call nothing but its own
// origin, run no inline script and be framed by no other page.
const securityPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
	"font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// Handler serves the console's pages and its read-only routes. Build it
// with New and mount it with Mounts. It is safe for concurrent use.
type Handler struct {
	engine   *engine.Engine
	journal  journal.Store
	auth     api.Authenticator
	audience string
	adminAud string
	operAud  string
	log      *slog.Logger
	files    http.Handler
	assets   fs.FS // the files that files serves
	geo      *geoCache
	exporter *journaladmin.Exporter
}

// Option configures a Handler.
type Option func(*Handler)

// WithJournal sets the journal that the journal routes read (the one the
// engine stores calculations in). Without it, they answer 404.
func WithJournal(s journal.Store) Option { return func(h *Handler) { h.journal = s } }

// WithExporter sets what answers the journal download: the export
// route's Exporter (journaladmin), so that the downloads and the route's
// exports count against one limit per tenant. Without it, a console
// with a journal has an Exporter of its own with the default limits.
func WithExporter(e *journaladmin.Exporter) Option { return func(h *Handler) { h.exporter = e } }

// WithAuthenticator sets the check of the console's own routes: tokens
// of the console's audience (read-only) and of the admin audience, each
// for its own tenant (oauth.Handler.ConsoleAuthenticator). The tokens of
// the API's calculation audiences are not among them. Without it, every
// request belongs to levy.DefaultTenant.
func WithAuthenticator(a api.Authenticator) Option { return func(h *Handler) { h.auth = a } }

// WithAudiences sets the audiences the sign-in asks tokens for: the
// console's (DefaultAudience by default), the admin one (levy://admin by
// default) and the operator's (levy://operator by default), which alone
// manages the signing keys.
func WithAudiences(console, admin, operator string) Option {
	return func(h *Handler) { h.audience, h.adminAud, h.operAud = console, admin, operator }
}

// WithLogger sets the logger (default: slog.Default()).
func WithLogger(l *slog.Logger) Option { return func(h *Handler) { h.log = l } }

// New returns the console over e, the engine whose dataset and rules the
// map and the rule definitions show.
func New(e *engine.Engine, opts ...Option) *Handler {
	h := &Handler{engine: e, audience: DefaultAudience, adminAud: "levy://admin", operAud: "levy://operator", log: slog.Default()}
	for _, o := range opts {
		o(h)
	}
	sub, err := fs.Sub(assets, "assets")
	if err != nil {
		panic(err) // the embed pattern guarantees the folder
	}
	h.assets = sub
	h.files = http.StripPrefix(strings.TrimSuffix(Prefix, "/"), http.FileServerFS(sub))
	h.geo = newGeoCache(e.Resolver)
	if h.journal != nil && h.exporter == nil {
		h.exporter = journaladmin.NewExporter(h.journal, journaladmin.ExportLimits{}, h.log)
	}
	return h
}

// Mounts returns the options that mount the console on an api.Server.
// They mount it undocumented (api.WithUndocumentedHandler): the console's
// pages and the routes of its own are not part of the API that clients
// program against, which the OpenAPI document describes; only the
// console's pages call those routes, whose answers change with them.
func (h *Handler) Mounts() []api.Option {
	guard := func(next http.HandlerFunc) http.Handler { return api.Guard(h.auth, next) }
	return []api.Option{
		api.WithUndocumentedHandler("GET /console", http.RedirectHandler(Prefix, http.StatusMovedPermanently)),
		// Every method: a method pattern here would conflict with the
		// server's 405 answers at the paths of the routes below it.
		api.WithUndocumentedHandler(Prefix, http.HandlerFunc(h.page)),
		api.WithUndocumentedHandler("GET /console/api/config", takes(h.config)),
		api.WithUndocumentedHandler("GET /console/api/whoami", guard(takes(h.whoami))),
		api.WithUndocumentedHandler("GET /console/api/geo/{layer}", guard(takes(h.geoJSON, "zoom", "bbox"))),
		api.WithUndocumentedHandler("GET /console/api/rules/{id}", guard(takes(h.rule))),
		api.WithUndocumentedHandler("GET /console/api/journal/summary", guard(takes(h.summary, "from", "to", "company"))),
		api.WithUndocumentedHandler("GET /console/api/journal/series", guard(takes(h.series, "from", "to", "company"))),
		api.WithUndocumentedHandler("GET /console/api/journal/companies", guard(takes(h.companies, "from", "to"))),
		api.WithUndocumentedHandler("GET /console/api/journal/transactions", guard(takes(h.transactions, append([]string{"from", "to", "company"}, rowParams...)...))),
		api.WithUndocumentedHandler("GET /console/api/journal/transactions/{id}", guard(takes(h.versions))),
		api.WithUndocumentedHandler("GET /console/api/journal/export", guard(takes(h.export, "from", "to", "format", "company"))),
	}
}

// takes returns next behind a check of the request's query: a parameter
// that is not among names, or one given twice, is refused with 400
// naming it (api.CheckQuery), as on the admin routes, so that no route
// of the console passes over a parameter it does not read, such as
// another tenant's name, and answers the caller's own data as if it had
// been read. The console's pages send only the parameters named here.
func takes(next http.HandlerFunc, names ...string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if r.URL.RawQuery != "" {
			if err := api.CheckQuery(r.URL.Query(), names...); err != nil {
				api.WriteError(w, r, err)
				return
			}
		}
		next(w, r)
	}
}

// page serves the console's HTML, scripts and styles, and answers a
// console route that does not exist with the API's 404.
func (h *Handler) page(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		api.WriteError(w, r, &levy.Error{Code: "method_not_allowed", Message: api.ClipPath(r.Method) + " is not served at " + api.ClipPath(r.URL.Path)})
		return
	}
	if strings.HasPrefix(r.URL.Path, Prefix+"api/") {
		api.WriteError(w, r, levy.NotFound("", "there is no console route %s", api.ClipPath(r.URL.Path)))
		return
	}
	if !h.isAsset(strings.TrimPrefix(r.URL.Path, Prefix)) {
		api.WriteError(w, r, levy.NotFound("", "there is no console file %s", api.ClipPath(r.URL.Path)))
		return
	}
	hd := w.Header()
	hd.Set("Content-Security-Policy", securityPolicy)
	hd.Set("X-Content-Type-Options", "nosniff")
	hd.Set("Referrer-Policy", "no-referrer")
	hd.Set("Cache-Control", "no-cache")
	h.files.ServeHTTP(w, r)
}

// isAsset reports whether name, a path below Prefix, is a file of the
// console's assets, or "" (the page itself, index.html). A name that is
// not, a folder among them, is answered with the API's 404 rather than
// net/http's text/plain one or a listing of the folder.
func (h *Handler) isAsset(name string) bool {
	if name == "" {
		return true
	}
	name = path.Clean(name)
	if !fs.ValidPath(name) {
		return false
	}
	fi, err := fs.Stat(h.assets, name)
	return err == nil && !fi.IsDir()
}

// configAnswer tells the sign-in page what to ask the token endpoint for.
type configAnswer struct {
	TokenPath        string `json:"tokenPath"`
	Audience         string `json:"audience"`
	AdminAudience    string `json:"adminAudience"`
	OperatorAudience string `json:"operatorAudience"`
	Dataset          string `json:"dataset"`
}

// TokenPath is where the sign-in asks for its tokens: the caching
// endpoint, which hands back a credential's token while it lasts, so
// that a sign-in, a new tab or a renewal spends none of the credential's
// token rate limit while a token is out.
const TokenPath = "/cached/oauth/token"

// config answers the sign-in's settings; it needs no token.
func (h *Handler) config(w http.ResponseWriter, r *http.Request) {
	api.WriteData(w, r, http.StatusOK, configAnswer{TokenPath: TokenPath, Audience: h.audience,
		AdminAudience: h.adminAud, OperatorAudience: h.operAud, Dataset: h.engine.DatasetVersion()})
}

// whoAnswer says who a token is: the header of every page shows it.
type whoAnswer struct {
	Tenant string `json:"tenant"`
	Client string `json:"clientId"`
	Role   string `json:"role"`
}

// whoami answers the tenant, client and role of the request's token.
func (h *Handler) whoami(w http.ResponseWriter, r *http.Request) {
	p, _ := api.PrincipalOf(r.Context())
	api.WriteData(w, r, http.StatusOK, whoAnswer{Tenant: levy.Tenant(r.Context()), Client: p.Client, Role: p.Role.String()})
}
