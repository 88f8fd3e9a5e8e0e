package outbox

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// backupTime: a row last written an hour ago (as it was in a backup).
var backupTime = Stamp(time.Now().Add(-time.Hour))

func confirmation(id, record string) Job {
	return Job{ID: id, Kind: KindMail, Template: "reservation_confirmation", RecordCollection: "reservations", RecordID: record, Updated: backupTime}
}

// A job sent before a restore is known after it, by its row id, and a new process reads it back.
func TestLedgerRemembersSentJobsAcrossProcesses(t *testing.T) {
	dir := t.TempDir()
	l, err := OpenLedger(dir)
	if err != nil {
		t.Fatal(err)
	}
	job := confirmation("job000000000001", "res000000000001")
	if l.Sent(job) {
		t.Fatal("an unsent job is in the ledger")
	}
	if err := l.Add(job); err != nil {
		t.Fatal(err)
	}
	l.Close()
	again, err := OpenLedger(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	if !again.Sent(job) {
		t.Fatal("the restarted process forgot a sent job")
	}
	// The same booking sent again after the restore (the guest's device keeps its id): a new row, the same mail.
	if !again.Sent(confirmation("job000000000002", "res000000000001")) {
		t.Fatal("the same record's confirmation under a new row was not recognised")
	}
	if again.Sent(confirmation("job000000000003", "res000000000002")) {
		t.Fatal("another booking's confirmation counted as sent")
	}
}

// An update mail's key (the calendar sequence) counts again from the restored one: only its row id counts.
func TestLedgerUpdateMailsByRowOnly(t *testing.T) {
	l, err := OpenLedger(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	sent := Job{ID: "job000000000010", Template: "reservation_updated", RecordCollection: "reservations", RecordID: "r1", JobKey: "2", Updated: backupTime}
	_ = l.Add(sent)
	if !l.Sent(sent) {
		t.Fatal("the row itself is not known")
	}
	if l.Sent(Job{ID: "job000000000011", Template: "reservation_updated", RecordCollection: "reservations", RecordID: "r1", JobKey: "2", Updated: backupTime}) {
		t.Fatal("a later change with the same sequence was taken for the sent one")
	}
}

// Lines older than LedgerDays, and a line cut short by a crash, are dropped at start.
func TestLedgerDropsOldAndBrokenLines(t *testing.T) {
	dir := t.TempDir()
	old := time.Now().Add(-(LedgerDays + 1) * 24 * time.Hour).UnixMilli()
	recent := time.Now().Add(-time.Minute).UnixMilli()
	content := strings.Join([]string{
		itoa(old) + "\told\treservations/a/reservation_confirmation/",
		itoa(recent) + "\trecent\treservations/b/reservation_confirmation/",
		itoa(recent) + "\tcut",
	}, "\n") + "\n"
	if err := os.WriteFile(filepath.Join(dir, ledgerName), []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	l, err := OpenLedger(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	if l.Sent(Job{ID: "old", Updated: backupTime}) || !l.Sent(Job{ID: "recent", Updated: backupTime}) || l.Sent(Job{ID: "cut", Updated: backupTime}) {
		t.Fatal("old or broken lines kept, or a recent one lost")
	}
	kept, _ := os.ReadFile(filepath.Join(dir, ledgerName))
	if strings.Count(string(kept), "\n") != 1 {
		t.Fatalf("the file keeps %q", kept)
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// A job of no record is known by its row alone.
func TestLedgerJobsWithoutRecord(t *testing.T) {
	l, err := OpenLedger(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	_ = l.Add(Job{ID: "a", Template: "probe"})
	if l.Sent(Job{ID: "b", Template: "probe"}) {
		t.Fatal("another job of no record counted as sent")
	}
}

// Staff requeue a sent mail ("send it again"): the row is written after the send, so it goes out.
func TestLedgerLetsARequeuedJobGo(t *testing.T) {
	l, err := OpenLedger(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	job := confirmation("job000000000020", "res000000000020")
	_ = l.Add(job)
	time.Sleep(5 * time.Millisecond)
	requeued := job
	requeued.Updated = Stamp(time.Now())
	if l.Sent(requeued) {
		t.Fatal("a job requeued after its send was taken for sent")
	}
	if !l.Sent(job) {
		t.Fatal("the row as it was before the send (a backup's) was not")
	}
}
