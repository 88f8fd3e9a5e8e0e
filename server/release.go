package main

// One file to deploy: a release build (`npm run release`, build tag `release`) carries the built
// site, the hooks and the migrations inside the binary (release_embed.go). The site is served
// straight from it; the hooks and migrations are written out once per release into the data
// directory, because PocketBase's jsvm plugin (and require() inside the hooks) read files from
// a directory. A development build has nothing embedded and reads the repository's folders.

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
)

// Version names the build: git describe and the build date, set by the release script with
// -ldflags "-X main.Version=…" (scripts/release.mjs); "dev" in a development build. The owner's
// System view shows it (server/system).
var Version = "dev"

// embeddedAssets is the release's dist/, pb_hooks/ and pb_migrations/ (release_embed.go); nil in
// a development build.
var embeddedAssets fs.FS

// unpackedTrees are the embedded folders jsvm must read from disk (dist/ is served from memory).
var unpackedTrees = []string{"pb_hooks", "pb_migrations"}

// assets is where this run's hooks, migrations and site come from.
type assets struct {
	hooksDir, migrationsDir string
	site                    fs.FS
}

// resolveAssets picks each folder: its environment override (PB_HOOKS_DIR, PB_MIGRATIONS_DIR,
// PB_PUBLIC_DIR) first, then the release's embedded copy, else the repository's folder under root.
// For `--help` (args asks only for help) a release unpacks only into a data directory that
// already exists, so that the hooks' commands (admin:grant) show their help there, and litters
// no other folder with a pb_data/: jsvm reads a missing folder as an empty one.
func resolveAssets(root, dataDir string, args []string) (assets, error) {
	a := assets{
		hooksDir:      envOr("PB_HOOKS_DIR", filepath.Join(root, "pb_hooks")),
		migrationsDir: envOr("PB_MIGRATIONS_DIR", filepath.Join(root, "pb_migrations")),
		site:          os.DirFS(envOr("PB_PUBLIC_DIR", filepath.Join(root, "dist"))),
	}
	if embeddedAssets == nil {
		return a, nil
	}
	if os.Getenv("PB_PUBLIC_DIR") == "" {
		site, err := fs.Sub(embeddedAssets, "dist")
		if err != nil {
			return a, err
		}
		a.site = stampWithExecutableTime(site)
	}
	if os.Getenv("PB_HOOKS_DIR") != "" && os.Getenv("PB_MIGRATIONS_DIR") != "" {
		return a, nil
	}
	if _, err := os.Stat(dataDir); err != nil && asksOnlyForHelp(args) {
		dir := filepath.Join(dataDir, ".venue", "not-unpacked-for-help")
		a.hooksDir, a.migrationsDir = filepath.Join(dir, "pb_hooks"), filepath.Join(dir, "pb_migrations")
		return a, nil
	}
	dir, err := unpackAssets(embeddedAssets, filepath.Join(dataDir, ".venue"))
	if err != nil {
		return a, fmt.Errorf("writing the release's hooks and migrations into %s: %w", dataDir, err)
	}
	if os.Getenv("PB_HOOKS_DIR") == "" {
		a.hooksDir = filepath.Join(dir, "pb_hooks")
	}
	if os.Getenv("PB_MIGRATIONS_DIR") == "" {
		a.migrationsDir = filepath.Join(dir, "pb_migrations")
	}
	return a, nil
}

// unpackAssets writes the embedded hooks and migrations into a folder of parent named after the
// version and their contents, and returns it. A folder already there is reused when its contents
// still match (a restart, or a second command such as `superuser` while the server runs). A new
// copy is written beside it under a temporary name and renamed into place, so nothing ever reads
// half a copy, and processes starting together agree on the first one in place. A damaged copy
// (cut short by a power cut, edited by hand) is moved aside first, the same way. Older releases'
// folders are left alone: a server still running that release reads them.
func unpackAssets(embedded fs.FS, parent string) (string, error) {
	sum, err := treeHash(embedded, unpackedTrees)
	if err != nil {
		return "", err
	}
	dir := filepath.Join(parent, folderName(Version)+"-"+sum[:16])
	intact := func() bool {
		onDisk, err := treeHash(os.DirFS(dir), unpackedTrees)
		return err == nil && onDisk == sum
	}
	if intact() {
		return dir, nil
	}
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return "", err
	}
	tmp, err := os.MkdirTemp(parent, ".unpacking-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp) // nothing left once renamed into place
	for _, tree := range unpackedTrees {
		sub, err := fs.Sub(embedded, tree)
		if err != nil {
			return "", err
		}
		if err := os.CopyFS(filepath.Join(tmp, tree), sub); err != nil {
			return "", err
		}
	}
	for attempt := 0; attempt < 3; attempt++ {
		err = os.Rename(tmp, dir)
		if err == nil || intact() { // ours, or another process's identical copy
			return dir, nil
		}
		if err := moveAside(dir, parent); err != nil {
			return "", err
		}
	}
	return "", err
}

// moveAside takes a damaged copy out of the way in one rename, then deletes it. Another process
// may have moved it already: then there is nothing to do.
func moveAside(dir, parent string) error {
	trash, err := os.MkdirTemp(parent, ".damaged-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(trash)
	if err := os.Rename(dir, filepath.Join(trash, "copy")); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

// asksOnlyForHelp: no command (cobra prints the help), or -h/--help anywhere.
func asksOnlyForHelp(args []string) bool {
	if len(args) == 0 {
		return true
	}
	for _, arg := range args {
		if arg == "-h" || arg == "--help" {
			return true
		}
	}
	return false
}

// treeHash is a SHA-256 of the files under the given folders of fsys: each file's path and
// contents, in WalkDir's lexical order. A folder that is missing is an error.
func treeHash(fsys fs.FS, roots []string) (string, error) {
	h := sha256.New()
	for _, root := range roots {
		err := fs.WalkDir(fsys, root, func(name string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			if !d.Type().IsRegular() {
				return fmt.Errorf("%s is not a regular file", name)
			}
			f, err := fsys.Open(name)
			if err != nil {
				return err
			}
			defer f.Close()
			fmt.Fprintf(h, "%s\x00", name)
			_, err = io.Copy(h, f)
			fmt.Fprint(h, "\x00")
			return err
		})
		if err != nil {
			return "", err
		}
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

var unsafeInName = regexp.MustCompile(`[^A-Za-z0-9._-]+`)

// folderName keeps a version readable in a folder name ("v1.2-3-gabc built 2026-…" → "v1.2-3-gabc-built-2026-…").
func folderName(version string) string {
	name := unsafeInName.ReplaceAllString(version, "-")
	if len(name) > 60 {
		name = name[:60]
	}
	return name
}
