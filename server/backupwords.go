package main

import (
	"encoding/json"
	"errors"
	"path/filepath"

	"venue/server/backups"
)

// backupMessages reads BACKUP_MESSAGES (src/lib/rules/backups.ts) from the hooks' bundle, as
// bodies.go reads the request rules: the 503 the gate answers during a restore is the sentence the
// guests' forms show, written once.
func backupMessages(hooksDir string) func() (map[string]string, error) {
	return func() (map[string]string, error) {
		vm, err := runBundle(filepath.Join(hooksDir, "lib", "backend.js"))
		if err != nil {
			return nil, err
		}
		out, err := vm.RunString(`JSON.stringify(module.exports.BACKUP_MESSAGES || null)`)
		if err != nil {
			return nil, err
		}
		var words map[string]string
		if err := json.Unmarshal([]byte(out.String()), &words); err != nil || words == nil || words["restoring"] == "" {
			return nil, errors.New("backend.js lacks BACKUP_MESSAGES.restoring")
		}
		return words, nil
	}
}

// restoreWords words a restore's activity row with the shared rules (src/lib/rules/activity.ts
// RESTORE_KIND and restoreSummary), as the mail renderer words a mail: the kind the Activity view
// filters by and the line it shows are written once. The bundle runs only when a note waits.
func restoreWords(hooksDir string) backups.RestoreWords {
	return func(facts backups.RestoreFacts) (string, string, error) {
		in, err := json.Marshal(facts)
		if err != nil {
			return "", "", err
		}
		vm, err := runBundle(filepath.Join(hooksDir, "lib", "backend.js"))
		if err != nil {
			return "", "", err
		}
		if err := vm.Set("facts", string(in)); err != nil {
			return "", "", err
		}
		out, err := vm.RunString(`JSON.stringify({ kind: module.exports.RESTORE_KIND, summary: module.exports.restoreSummary(JSON.parse(facts)) })`)
		if err != nil {
			return "", "", err
		}
		var row struct{ Kind, Summary string }
		if err := json.Unmarshal([]byte(out.String()), &row); err != nil || row.Kind == "" || row.Summary == "" {
			return "", "", errors.New("backend.js lacks RESTORE_KIND or restoreSummary")
		}
		return row.Kind, row.Summary, nil
	}
}
