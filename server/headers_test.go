package main

import (
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
)

// The headers every response carries, and those only our own pages and API carry (the
// dashboard under /_/ bootstraps with inline scripts our CSP would block).
var everywhere = map[string]string{
	"X-Content-Type-Options":     "nosniff",
	"Referrer-Policy":            "strict-origin-when-cross-origin",
	"Permissions-Policy":         "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
	"Cross-Origin-Opener-Policy": "same-origin",
}

func headersScenario(url string, status int, content string, check func(t testing.TB, h http.Header)) tests.ApiScenario {
	return tests.ApiScenario{
		Name:            url,
		Method:          http.MethodGet,
		URL:             url,
		ExpectedStatus:  status,
		ExpectedContent: []string{content},
		TestAppFactory: func(t testing.TB) *tests.TestApp {
			app := newTestApp(t)
			registerSecurityHeaders(app)
			return app
		},
		DisableTestAppCleanup: true, // newTestApp removes it
		BeforeTestFunc: func(t testing.TB, app *tests.TestApp, e *core.ServeEvent) {
			e.Router.GET("/{path...}", newSite(builtSite(t)).serve)
		},
		AfterTestFunc: func(t testing.TB, app *tests.TestApp, res *http.Response) {
			for name, want := range everywhere {
				if got := res.Header.Get(name); got != want {
					t.Errorf("%s: %s is %q, want %q", url, name, got, want)
				}
			}
			check(t, res.Header)
		},
	}
}

func TestSecurityHeadersOnPagesAndApi(t *testing.T) {
	ours := func(t testing.TB, h http.Header) {
		if got := h.Get("Content-Security-Policy"); got != contentSecurityPolicy {
			t.Errorf("Content-Security-Policy is %q", got)
		}
		for _, directive := range []string{"script-src 'self'", "frame-ancestors 'none'", "object-src 'none'", "connect-src 'self'"} {
			if !containsDirective(h.Get("Content-Security-Policy"), directive) {
				t.Errorf("the CSP lacks %q", directive)
			}
		}
		if got := h.Get("X-Frame-Options"); got != "DENY" {
			t.Errorf("X-Frame-Options is %q", got)
		}
	}
	for _, s := range []tests.ApiScenario{
		headersScenario("/menu", 200, "menu page", ours),
		headersScenario("/no-such-page", 404, "not found page", ours),
		headersScenario("/api/health", 200, `"code":200`, ours),
		headersScenario("/api/collections/none/records", 404, `"status":404`, ours),
		headersScenario("/_/", 404, "", func(t testing.TB, h http.Header) {
			if h.Get("Content-Security-Policy") != "" {
				t.Errorf("the dashboard got a CSP: %q", h.Get("Content-Security-Policy"))
			}
		}),
	} {
		s.Test(t)
	}
}

func containsDirective(policy, directive string) bool {
	for _, d := range strings.Split(policy, ";") {
		if strings.TrimSpace(d) == directive {
			return true
		}
	}
	return false
}
