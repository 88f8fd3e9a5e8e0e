package outbox

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Ledger remembers the jobs that were sent, outside the data a restore replaces
// (pb_data/venue_state/sent-ledger.tsv, server/backups): a backup taken while a guest's
// confirmation was still pending holds that job as pending, and once restored the worker would
// mail the guest a second time. The worker looks here before each send and records a job already
// sent as sent, without sending it.
//
// A job is known by its row id (a job pending in the backup has the id it had when it was sent) if
// the row was last written before the send: a row staff requeued after it (outbox-guard, "send
// it again") is written later and goes out. And, for the mails a record gets once per key, a
// job of another row is known by what it is: the record, the template and the
// key (idx_outbox_job, pb_migrations/1763700800_outbox_job_key.js). That also catches a guest's
// booking sent again after a restore with the same record id (the guests' outbox keeps its id).
// Not reservation_updated: after a restore the calendar sequence counts again from the restored
// one, so the same key may be a different change.
//
// One line per sent job (unix milliseconds, id, identity), appended as each is sent; at start, lines
// older than LedgerDays are dropped (no kept backup is older: 14 nightly ones).
type Ledger struct {
	mu   sync.Mutex
	file *os.File
	// ids: row id → when it was sent (unix ms); identities: identity → the row sent under it.
	ids        map[string]int64
	identities map[string]string
}

// LedgerDays is how long a sent job is remembered.
const LedgerDays = 45

const ledgerName = "sent-ledger.tsv"

// reusableKeys: templates whose (record, template, key) may name a different mail after a restore.
var reusableKeys = map[string]bool{"reservation_updated": true}

func identityOf(job Job) string {
	// A job of no record has no identity beyond its row.
	if reusableKeys[job.Template] || job.RecordCollection == "" || job.RecordID == "" {
		return ""
	}
	return job.RecordCollection + "/" + job.RecordID + "/" + job.Template + "/" + job.JobKey
}

// OpenLedger reads the ledger in dir, drops what is older than LedgerDays, and opens it for appends.
func OpenLedger(dir string) (*Ledger, error) {
	path := filepath.Join(dir, ledgerName)
	l := &Ledger{ids: map[string]int64{}, identities: map[string]string{}}
	kept, err := l.load(path, time.Now().Add(-LedgerDays*24*time.Hour))
	if err != nil {
		return nil, err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, []byte(strings.Join(kept, "")), 0o600); err != nil {
		return nil, err
	}
	if err := os.Rename(tmp, path); err != nil {
		return nil, err
	}
	if l.file, err = os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0o600); err != nil {
		return nil, err
	}
	return l, nil
}

// load reads the lines newer than `since` into the maps and returns them.
func (l *Ledger) load(path string, since time.Time) ([]string, error) {
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var kept []string
	scanner := bufio.NewScanner(f)
	for scanner.Scan() {
		parts := strings.Split(scanner.Text(), "\t")
		if len(parts) != 3 {
			continue // a line cut short by a crash
		}
		at, err := strconv.ParseInt(parts[0], 10, 64)
		if err != nil || time.UnixMilli(at).Before(since) {
			continue
		}
		l.remember(parts[1], parts[2], at)
		kept = append(kept, scanner.Text()+"\n")
	}
	return kept, scanner.Err()
}

func (l *Ledger) remember(id, identity string, at int64) {
	l.ids[id] = at
	if identity != "" {
		l.identities[identity] = id
	}
}

// Sent: was this job sent already (and not requeued since), or the same mail under another row?
func (l *Ledger) Sent(job Job) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if at, ok := l.ids[job.ID]; ok {
		written, err := time.Parse("2006-01-02 15:04:05.000Z", job.Updated)
		return err != nil || written.UnixMilli() <= at
	}
	identity := identityOf(job)
	sentRow, ok := l.identities[identity]
	return identity != "" && ok && sentRow != job.ID
}

// Add records a sent job (before its row is marked sent: a restore between the two still finds it).
func (l *Ledger) Add(job Job) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	identity := identityOf(job)
	at := time.Now().UnixMilli()
	l.remember(job.ID, identity, at)
	_, err := fmt.Fprintf(l.file, "%d\t%s\t%s\n", at, job.ID, identity)
	return err
}

// Close closes the file.
func (l *Ledger) Close() error { return l.file.Close() }
