package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
)

const appJS = "console.log('the app, long enough to be worth compressing');"

func gzipped(t testing.TB, s string) []byte {
	t.Helper()
	var buf bytes.Buffer
	w := gzip.NewWriter(&buf)
	_, _ = w.Write([]byte(s))
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func gunzip(t testing.TB, body []byte) string {
	t.Helper()
	r, err := gzip.NewReader(bytes.NewReader(body))
	if err != nil {
		t.Fatalf("not gzip: %v (%q)", err, body)
	}
	raw, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return string(raw)
}

// builtSite is a small dist/ as the prerenderer writes it: a page per public route, the app
// shell for client routes (routes.json), a 404 page, and assets precompressed at build time.
func builtSite(t testing.TB) fstest.MapFS {
	return fstest.MapFS{
		"index.html":            {Data: []byte("<p>home page</p>")},
		"menu.html":             {Data: []byte("<p>menu page</p>")},
		"shell.html":            {Data: []byte("<p>app shell</p>")},
		"404.html":              {Data: []byte("<p>not found page</p>")},
		"robots.txt":            {Data: []byte("User-agent: *")},
		"routes.json":           {Data: []byte(`{"appShell":["/admin/dashboard","/cancel/:token","/waitlist/:token"]}`)},
		"assets/app-1a2b.js":    {Data: []byte(appJS)},
		"assets/app-1a2b.js.br": {Data: []byte("BROTLI BYTES")},
		"assets/app-1a2b.js.gz": {Data: gzipped(t, appJS)},
		"assets/site-3c4d.css":  {Data: []byte("body { color: black; }")},
		"icons/icon-192.png":    {Data: []byte("\x89PNG not compressible")},
	}
}

// siteScenario asks the site route (as main.go binds it, on PocketBase's router) for `url`.
func siteScenario(files fstest.MapFS, url string, headers map[string]string, check func(t testing.TB, res *http.Response, body string)) tests.ApiScenario {
	return tests.ApiScenario{
		Name:                  url + " " + headers["Accept-Encoding"],
		Method:                http.MethodGet,
		URL:                   url,
		Headers:               headers,
		ExpectedStatus:        0, // checked below: the scenario compares it with what check wants
		TestAppFactory:        newTestApp,
		DisableTestAppCleanup: true, // newTestApp removes it
		BeforeTestFunc: func(t testing.TB, app *tests.TestApp, e *core.ServeEvent) {
			e.Router.GET("/{path...}", newSite(files).serve)
		},
		AfterTestFunc: func(t testing.TB, app *tests.TestApp, res *http.Response) {
			body, _ := io.ReadAll(res.Body)
			check(t, res, string(body))
		},
	}
}

type page struct {
	url, body string
	status    int
}

func TestStaticServesEachRouteItsFile(t *testing.T) {
	files := builtSite(t)
	for _, want := range []page{
		{"/", "home page", 200},
		{"/menu", "menu page", 200},  // a prerendered page gets its own HTML, not the home page's
		{"/menu/", "menu page", 200}, // a trailing slash is the same page
		{"/robots.txt", "User-agent", 200},
		{"/admin/dashboard", "app shell", 200}, // a client-only route gets the app shell
		{"/cancel/abc123", "app shell", 200},   // ":token" matches any one segment
		{"/waitlist/xyz", "app shell", 200},
		{"/cancel", "not found page", 404},           // but not a missing one
		{"/cancel/abc/extra", "not found page", 404}, // nor one too many
		{"/admin", "not found page", 404},
		{"/no-such-page", "not found page", 404}, // a real 404 status, not a soft 200
	} {
		s := siteScenario(files, want.url, nil, func(t testing.TB, res *http.Response, body string) {
			if res.StatusCode != want.status || !strings.Contains(body, want.body) {
				t.Errorf("%s: got %d %q, want %d with %q", want.url, res.StatusCode, body, want.status, want.body)
			}
			if want.status == 200 && strings.HasSuffix(want.body, "page") && res.Header.Get("Cache-Control") != "no-cache" {
				t.Errorf("%s: HTML is cached (%q): a deploy would not reach guests", want.url, res.Header.Get("Cache-Control"))
			}
		})
		s.ExpectedStatus = want.status
		s.ExpectedContent = []string{want.body}
		s.Test(t)
	}
}

func TestStaticWithoutRoutesFileFallsBackToTheIndex(t *testing.T) {
	files := builtSite(t)
	delete(files, "routes.json") // a build from before the prerenderer wrote it
	s := siteScenario(files, "/anything/at/all", nil, func(t testing.TB, res *http.Response, body string) {})
	s.ExpectedStatus = 200
	s.ExpectedContent = []string{"home page"}
	s.Test(t)
}

func TestStaticChoosesTheEncodingTheBrowserAccepts(t *testing.T) {
	files := builtSite(t)
	type want struct {
		accept, encoding string
		status           int
		body             string
	}
	for _, c := range []struct {
		url string
		want
	}{
		{"/assets/app-1a2b.js", want{"gzip, deflate, br", "br", 200, "BROTLI BYTES"}}, // the build's .br first
		{"/assets/app-1a2b.js", want{"br;q=0, gzip", "gzip", 200, appJS}},             // q=0 refuses br
		{"/assets/app-1a2b.js", want{"gzip", "gzip", 200, appJS}},                     // the build's .gz
		{"/assets/app-1a2b.js", want{"", "", 200, appJS}},                             // identity
		{"/assets/app-1a2b.js", want{"identity", "", 200, appJS}},                     // identity
		{"/assets/app-1a2b.js", want{"gzip;q=0.000, deflate", "", 200, appJS}},        // nothing it has
		{"/assets/site-3c4d.css", want{"br, gzip", "gzip", 200, "color: black"}},      // not precompressed: gzipped now
		{"/no-such-page", want{"gzip", "gzip", 404, "not found page"}},                // the 404 page too, keeping its status
		{"/menu", want{"br", "", 200, "menu page"}},                                   // no .br of it: sent as is
	} {
		s := siteScenario(files, c.url, map[string]string{"Accept-Encoding": c.accept}, func(t testing.TB, res *http.Response, raw string) {
			body := raw
			if got := res.Header.Get("Content-Encoding"); got != c.encoding {
				t.Errorf("%s (Accept-Encoding %q): Content-Encoding %q, want %q", c.url, c.accept, got, c.encoding)
			} else if got == "gzip" {
				body = gunzip(t, []byte(raw))
			}
			if res.StatusCode != c.status || !strings.Contains(body, c.body) {
				t.Errorf("%s (Accept-Encoding %q): got %d %q, want %d with %q", c.url, c.accept, res.StatusCode, body, c.status, c.body)
			}
			// Caches must keep one copy per encoding, whichever this answer was.
			if vary := res.Header.Values("Vary"); !contains(vary, "Accept-Encoding") {
				t.Errorf("%s: Vary %q lacks Accept-Encoding", c.url, vary)
			}
		})
		s.ExpectedStatus = c.status
		s.ExpectedContent = []string{""}
		s.Test(t)
	}

	// A PNG is never compressed again, and does not vary; assets are cached for good, icons a day.
	s := siteScenario(files, "/icons/icon-192.png", map[string]string{"Accept-Encoding": "br, gzip"}, func(t testing.TB, res *http.Response, body string) {
		if res.Header.Get("Content-Encoding") != "" || contains(res.Header.Values("Vary"), "Accept-Encoding") {
			t.Errorf("png: Content-Encoding %q, Vary %q", res.Header.Get("Content-Encoding"), res.Header.Values("Vary"))
		}
		if res.Header.Get("Cache-Control") != "public, max-age=86400" {
			t.Errorf("png: Cache-Control %q", res.Header.Get("Cache-Control"))
		}
	})
	s.ExpectedStatus = 200
	s.ExpectedContent = []string{"PNG"}
	s.Test(t)
	s = siteScenario(files, "/assets/app-1a2b.js", nil, func(t testing.TB, res *http.Response, body string) {
		if res.Header.Get("Cache-Control") != "public, max-age=31536000, immutable" {
			t.Errorf("asset: Cache-Control %q", res.Header.Get("Cache-Control"))
		}
		if !strings.HasPrefix(res.Header.Get("Content-Type"), "text/javascript") {
			t.Errorf("asset: Content-Type %q", res.Header.Get("Content-Type"))
		}
	})
	s.ExpectedStatus = 200
	s.ExpectedContent = []string{"console.log"}
	s.Test(t)
}

func contains(values []string, want string) bool {
	for _, v := range values {
		for _, part := range strings.Split(v, ",") {
			if strings.EqualFold(strings.TrimSpace(part), want) {
				return true
			}
		}
	}
	return false
}
