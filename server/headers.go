package main

import (
	"strings"

	"github.com/pocketbase/pocketbase/core"
)

// contentSecurityPolicy fits the built Vite React app: scripts only from our origin (JSON-LD
// blocks are data, not executed), inline styles allowed (React style props and motion), images
// from data: and blob:, API calls to our own origin.
var contentSecurityPolicy = strings.Join([]string{
	"default-src 'self'",
	"script-src 'self'",
	"style-src 'self' 'unsafe-inline'",
	"img-src 'self' data: blob:",
	"media-src 'self' blob:",
	"font-src 'self' data:",
	"connect-src 'self'",
	"worker-src 'self' blob:",
	"manifest-src 'self'",
	"object-src 'none'",
	"base-uri 'self'",
	"form-action 'self'",
	"frame-ancestors 'none'",
}, "; ")

// registerSecurityHeaders sets the security headers on every response. PocketBase's dashboard
// (/_/) ships its own inline bootstrapping, so it keeps the other headers but no CSP.
//
// This is Go, not a routerUse hook: a JS middleware holds one of the pooled VMs for the whole
// request (a public create then needed two, the create hook being the other) and runs the
// interpreter on every page, file and API call, for headers that never change.
func registerSecurityHeaders(app core.App) {
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		se.Router.BindFunc(func(e *core.RequestEvent) error {
			h := e.Response.Header()
			h.Set("X-Content-Type-Options", "nosniff")
			h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
			h.Set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()")
			h.Set("Cross-Origin-Opener-Policy", "same-origin")
			path := e.Request.URL.Path
			if path != "/_" && !strings.HasPrefix(path, "/_/") {
				h.Set("Content-Security-Policy", contentSecurityPolicy)
				h.Set("X-Frame-Options", "DENY")
			}
			return e.Next()
		})
		return se.Next()
	})
}
