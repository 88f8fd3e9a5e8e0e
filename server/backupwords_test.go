package main

import (
	"os"
	"path/filepath"
	"testing"

	"venue/server/backups"
)

// hooksDirWith is a hooks dir whose lib/backend.js is `code`.
func hooksDirWith(t *testing.T, code string) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "lib"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "lib", "backend.js"), []byte(code), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// The restore's row takes its kind and line from the bundle, handed the facts by their TypeScript names.
func TestRestoreWordsComeFromTheBundle(t *testing.T) {
	dir := hooksDirWith(t, `module.exports.RESTORE_KIND = 'system.restore';
module.exports.restoreSummary = function (r) { return [r.backup, r.via, r.counted, r.bookings, r.mailed].join('|'); };`)
	kind, summary, err := restoreWords(dir)(backups.RestoreFacts{Backup: "a.zip", Via: "console", Counted: true, Bookings: 3, Mailed: 2})
	if err != nil {
		t.Fatal(err)
	}
	if kind != "system.restore" || summary != "a.zip|console|true|3|2" {
		t.Fatalf("kind %q, summary %q", kind, summary)
	}
	if _, _, err := restoreWords(hooksDirWith(t, `module.exports.RESTORE_KIND = 'system.restore';`))(backups.RestoreFacts{}); err == nil {
		t.Fatal("a bundle without restoreSummary must be an error, not a row without a line")
	}
}
