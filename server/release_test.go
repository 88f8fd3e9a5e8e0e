package main

import (
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"testing/fstest"
	"time"
)

func releaseFS(backend string) fstest.MapFS {
	return fstest.MapFS{
		"dist/index.html":                {Data: []byte("<h1>home</h1>")},
		"pb_hooks/main.pb.js":            {Data: []byte("// stub")},
		"pb_hooks/lib/backend.js":        {Data: []byte(backend)},
		"pb_migrations/1_init.js":        {Data: []byte("migrate(() => {})")},
		"pb_migrations/seed/events.json": {Data: []byte("[]")},
	}
}

func readText(t *testing.T, name string) string {
	t.Helper()
	raw, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(raw)
}

func TestUnpackAssetsWritesOnceAndReuses(t *testing.T) {
	parent := t.TempDir()
	dir, err := unpackAssets(releaseFS("v1"), parent)
	if err != nil {
		t.Fatal(err)
	}
	if got := readText(t, filepath.Join(dir, "pb_hooks", "lib", "backend.js")); got != "v1" {
		t.Fatalf("backend.js = %q", got)
	}
	if _, err := os.Stat(filepath.Join(dir, "pb_migrations", "seed", "events.json")); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "dist")); !os.IsNotExist(err) {
		t.Fatalf("dist/ is served from memory, not written out: %v", err)
	}
	before, _ := os.Stat(filepath.Join(dir, "pb_hooks", "main.pb.js"))

	again, err := unpackAssets(releaseFS("v1"), parent)
	if err != nil || again != dir {
		t.Fatalf("second start: %q, %v; want %q", again, err, dir)
	}
	after, _ := os.Stat(filepath.Join(dir, "pb_hooks", "main.pb.js"))
	if !os.SameFile(before, after) {
		t.Fatal("an intact copy was written again")
	}

	next, err := unpackAssets(releaseFS("v2"), parent)
	if err != nil || next == dir {
		t.Fatalf("another release's files: %q, %v", next, err)
	}
	if got := readText(t, filepath.Join(dir, "pb_hooks", "lib", "backend.js")); got != "v1" {
		t.Fatalf("the older release's copy changed: %q", got)
	}
}

func TestUnpackAssetsRepairsADamagedCopy(t *testing.T) {
	parent := t.TempDir()
	dir, err := unpackAssets(releaseFS("v1"), parent)
	if err != nil {
		t.Fatal(err)
	}
	bundle := filepath.Join(dir, "pb_hooks", "lib", "backend.js")
	if err := os.WriteFile(bundle, nil, 0o644); err != nil { // as a power cut can leave it
		t.Fatal(err)
	}
	if again, err := unpackAssets(releaseFS("v1"), parent); err != nil || again != dir {
		t.Fatalf("%q, %v", again, err)
	}
	if got := readText(t, bundle); got != "v1" {
		t.Fatalf("backend.js = %q after the repair", got)
	}
	leftovers, _ := filepath.Glob(filepath.Join(parent, ".unpacking-*"))
	if len(leftovers) != 0 {
		t.Fatalf("temporary folders left: %v", leftovers)
	}
}

func TestUnpackAssetsAtTheSameMoment(t *testing.T) {
	parent := t.TempDir()
	// First into an empty data dir, then over a damaged copy: four starts agree on one folder.
	for round, damage := range []bool{false, true} {
		if damage {
			matches, _ := filepath.Glob(filepath.Join(parent, "*", "pb_hooks", "lib", "backend.js"))
			if len(matches) != 1 || os.WriteFile(matches[0], []byte("cut"), 0o644) != nil {
				t.Fatalf("cannot damage the copy: %v", matches)
			}
		}
		dirs := make([]string, 4)
		errs := make([]error, 4)
		var wg sync.WaitGroup
		for i := range dirs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				dirs[i], errs[i] = unpackAssets(releaseFS("v1"), parent)
			}()
		}
		wg.Wait()
		for i := range dirs {
			if errs[i] != nil || dirs[i] != dirs[0] {
				t.Fatalf("round %d, start %d: %q, %v (first: %q)", round, i, dirs[i], errs[i], dirs[0])
			}
		}
		if got := readText(t, filepath.Join(dirs[0], "pb_hooks", "lib", "backend.js")); got != "v1" {
			t.Fatalf("round %d: backend.js = %q", round, got)
		}
		if entries, _ := os.ReadDir(parent); len(entries) != 1 {
			t.Fatalf("round %d: left behind %v", round, entries)
		}
	}
}

func TestResolveAssets(t *testing.T) {
	root, data := t.TempDir(), t.TempDir()
	t.Setenv("PB_HOOKS_DIR", "")
	t.Setenv("PB_MIGRATIONS_DIR", "")
	t.Setenv("PB_PUBLIC_DIR", "")
	embeddedAssets = nil
	dev, err := resolveAssets(root, data, []string{"serve"})
	if err != nil || dev.hooksDir != filepath.Join(root, "pb_hooks") || dev.migrationsDir != filepath.Join(root, "pb_migrations") {
		t.Fatalf("a development build reads the repository: %+v, %v", dev, err)
	}

	embeddedAssets = releaseFS("v1")
	t.Cleanup(func() { embeddedAssets = nil })
	release, err := resolveAssets(root, data, []string{"serve"})
	if err != nil {
		t.Fatal(err)
	}
	if got := readText(t, filepath.Join(release.hooksDir, "lib", "backend.js")); got != "v1" {
		t.Fatalf("hooks from %s: %q", release.hooksDir, got)
	}
	if filepath.Dir(release.migrationsDir) != filepath.Dir(release.hooksDir) {
		t.Fatalf("hooks and migrations of different copies: %+v", release)
	}
	if page, err := fs.ReadFile(release.site, "index.html"); err != nil || string(page) != "<h1>home</h1>" {
		t.Fatalf("site from memory: %q, %v", page, err)
	}

	nowhere := filepath.Join(t.TempDir(), "pb_data")
	help, err := resolveAssets(root, nowhere, []string{"serve", "--help"})
	if err != nil || fileExists(nowhere) {
		t.Fatalf("--help made a data directory: %+v, %v", help, err)
	}
	help, err = resolveAssets(root, data, []string{"admin:grant", "--help"})
	if err != nil || help.hooksDir != release.hooksDir {
		t.Fatalf("--help in an existing data directory reads the hooks: %+v, %v", help, err)
	}

	override := t.TempDir()
	t.Setenv("PB_HOOKS_DIR", override)
	t.Setenv("PB_PUBLIC_DIR", override)
	mixed, err := resolveAssets(root, data, []string{"serve"})
	if err != nil || mixed.hooksDir != override || mixed.migrationsDir != release.migrationsDir {
		t.Fatalf("PB_HOOKS_DIR overrides the hooks only: %+v, %v", mixed, err)
	}
	if _, err := fs.Stat(mixed.site, "index.html"); err == nil {
		t.Fatal("PB_PUBLIC_DIR overrides the embedded site")
	}
}

func TestStampedSiteKeepsATimeAndSeeks(t *testing.T) {
	stamp := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
	site := stampedFS{FS: fstest.MapFS{"menu.html": {Data: []byte("<h1>menu</h1>")}}, modTime: stamp}
	f, err := site.Open("menu.html")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil || !info.ModTime().Equal(stamp) || info.Size() != 13 {
		t.Fatalf("stat: %v, %v", info, err)
	}
	seeker, ok := f.(io.ReadSeeker)
	if !ok {
		t.Fatal("not seekable: http.ServeContent would not answer conditional requests")
	}
	if _, err := seeker.Seek(4, io.SeekStart); err != nil {
		t.Fatal(err)
	}
	rest, _ := io.ReadAll(seeker)
	if string(rest) != "menu</h1>" {
		t.Fatalf("after seeking: %q", rest)
	}
}

func fileExists(name string) bool {
	_, err := os.Stat(name)
	return err == nil
}
