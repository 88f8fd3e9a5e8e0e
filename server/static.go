package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/core"
)

// site serves the built PWA (dist/) the way search engines, link previews and phones need it:
//   - a prerendered public page gets its own HTML (/menu -> menu.html), never the home page's;
//   - a client-only route (staff, kiosk, thank-you, cancel: dist/routes.json) gets the app shell;
//   - anything else gets the prerendered 404 page with HTTP status 404, not a soft 200;
//   - a file precompressed at build time (x.br, x.gz) is sent as is, with Content-Encoding and
//     Vary; only what was not precompressed is gzipped on the fly.
type site struct {
	files    fs.FS
	appShell [][]string // route patterns split into segments; ":name" matches any one segment
}

// newSite reads dist/routes.json, written by the prerenderer; without it (an old build) every
// unknown path falls back to the app shell as before.
func newSite(files fs.FS) *site {
	s := &site{files: files}
	raw, err := fs.ReadFile(files, "routes.json")
	if err != nil {
		return s
	}
	var routes struct {
		AppShell []string `json:"appShell"`
	}
	if json.Unmarshal(raw, &routes) == nil {
		for _, pattern := range routes.AppShell {
			s.appShell = append(s.appShell, strings.Split(strings.Trim(pattern, "/"), "/"))
		}
	}
	return s
}

func (s *site) isAppShellRoute(urlPath string) bool {
	segments := strings.Split(strings.Trim(urlPath, "/"), "/")
	for _, pattern := range s.appShell {
		if len(pattern) != len(segments) {
			continue
		}
		matched := true
		for i, part := range pattern {
			if !strings.HasPrefix(part, ":") && part != segments[i] || segments[i] == "" {
				matched = false
				break
			}
		}
		if matched {
			return true
		}
	}
	return false
}

func (s *site) isFile(name string) bool {
	info, err := fs.Stat(s.files, name)
	return err == nil && info.Mode().IsRegular()
}

// resolve maps a URL path to the file that answers it and the status to answer with.
func (s *site) resolve(urlPath string) (string, int) {
	clean := strings.TrimPrefix(path.Clean("/"+urlPath), "/")
	switch {
	case clean == "":
		return "index.html", http.StatusOK
	case s.isFile(clean):
		return clean, http.StatusOK
	case s.isFile(clean + ".html"):
		return clean + ".html", http.StatusOK
	case s.appShell == nil && s.isFile("index.html"):
		return "index.html", http.StatusOK
	case s.isAppShellRoute(clean) && s.isFile("shell.html"):
		return "shell.html", http.StatusOK
	default:
		return "404.html", http.StatusNotFound
	}
}

var compressible = map[string]bool{
	".html": true, ".js": true, ".mjs": true, ".css": true, ".svg": true, ".json": true,
	".webmanifest": true, ".xml": true, ".txt": true, ".map": true, ".ico": true,
}

// acceptsEncoding reads Accept-Encoding for one coding, honouring an explicit q=0.
func acceptsEncoding(header, coding string) bool {
	for _, part := range strings.Split(header, ",") {
		fields := strings.Split(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(fields[0]), coding) {
			continue
		}
		for _, param := range fields[1:] {
			if q := strings.TrimSpace(param); q == "q=0" || q == "q=0.0" || q == "q=0.00" || q == "q=0.000" {
				return false
			}
		}
		return true
	}
	return false
}

func (s *site) serve(e *core.RequestEvent) error {
	name, status := s.resolve(e.Request.PathValue("path"))
	if !s.isFile(name) {
		return e.NotFoundError("", nil)
	}
	header := e.Response.Header()
	ext := path.Ext(name)
	if contentType := mime.TypeByExtension(ext); contentType != "" {
		header.Set("Content-Type", contentType)
	}
	setCacheHeaders(header, name)
	if !compressible[ext] {
		return s.send(e, name, status)
	}
	header.Add("Vary", "Accept-Encoding")
	accept := e.Request.Header.Get("Accept-Encoding")
	for _, variant := range []struct{ coding, suffix string }{{"br", ".br"}, {"gzip", ".gz"}} {
		if acceptsEncoding(accept, variant.coding) && s.isFile(name+variant.suffix) {
			header.Set("Content-Encoding", variant.coding)
			return s.send(e, name+variant.suffix, status)
		}
	}
	if acceptsEncoding(accept, "gzip") {
		return s.sendGzipped(e, name, status)
	}
	return s.send(e, name, status)
}

// send writes a file; for 200s through http.ServeContent (conditional and range requests).
func (s *site) send(e *core.RequestEvent, name string, status int) error {
	file, err := s.files.Open(name)
	if err != nil {
		return e.NotFoundError("", err)
	}
	defer file.Close()
	info, err := file.Stat()
	if err != nil {
		return err
	}
	if status == http.StatusOK {
		if seeker, ok := file.(io.ReadSeeker); ok {
			http.ServeContent(e.Response, e.Request, "", info.ModTime(), seeker)
			return nil
		}
	}
	e.Response.WriteHeader(status)
	if e.Request.Method != http.MethodHead {
		_, err = io.Copy(e.Response, file)
	}
	return err
}

func (s *site) sendGzipped(e *core.RequestEvent, name string, status int) error {
	raw, err := fs.ReadFile(s.files, name)
	if err != nil {
		return e.NotFoundError("", err)
	}
	var packed bytes.Buffer
	writer := gzip.NewWriter(&packed)
	if _, err := writer.Write(raw); err != nil {
		return err
	}
	if err := writer.Close(); err != nil {
		return err
	}
	e.Response.Header().Set("Content-Encoding", "gzip")
	if status == http.StatusOK {
		http.ServeContent(e.Response, e.Request, "", time.Time{}, bytes.NewReader(packed.Bytes()))
		return nil
	}
	e.Response.WriteHeader(status)
	if e.Request.Method != http.MethodHead {
		_, err = e.Response.Write(packed.Bytes())
	}
	return err
}

// setCacheHeaders lets browsers keep content-hashed assets forever and always revalidate HTML and
// the service worker, so a deploy reaches guests on their next visit.
func setCacheHeaders(header http.Header, name string) {
	switch {
	case strings.HasPrefix(name, "assets/"):
		header.Set("Cache-Control", "public, max-age=31536000, immutable")
	case strings.HasPrefix(name, "media/"), strings.HasPrefix(name, "icons/"):
		header.Set("Cache-Control", "public, max-age=86400")
	default:
		header.Set("Cache-Control", "no-cache")
	}
}
