package outbox

import (
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// Job is one claimed outbox row: what to send, to whom, and how often it was tried.
type Job struct {
	ID               string `db:"id"`
	Kind             string `db:"kind"`
	Template         string `db:"template"`
	Recipient        string `db:"recipient"`
	Payload          string `db:"payload"`
	RecordCollection string `db:"record_collection"`
	RecordID         string `db:"record_id"`
	JobKey           string `db:"job_key"`
	Updated          string `db:"updated"`
	Attempts         int    `db:"attempts"`
}

// Kinds of job, each sent by lanes of its own.
const (
	KindMail       = "mail"
	KindConversion = "conversion"
)

// LeaseSeconds: a claimed job is left alone by other lanes this long (a send in flight). Well past
// every send timeout, so only a lane that died mid-send (a crash) lets its lease run out; and
// past the update mail's longest wait (server/reservationmails.go folds changes into a job due within 300 s,
// never into a claimed one).
const LeaseSeconds = 600

// BackoffCapSeconds is the longest wait between two attempts of one job.
const BackoffCapSeconds = 3600

// Stamp is PocketBase's datetime text (UTC), comparable as text: 2026-11-22 03:02:06.575Z.
func Stamp(t time.Time) string {
	return t.UTC().Format("2006-01-02 15:04:05.000Z")
}

// Backoff is the wait before attempt attempts+1, after `attempts` failed ones: base, 2×base,
// 4×base… (base: OUTBOX_BACKOFF_SECONDS, default 30), at most BackoffCapSeconds.
func Backoff(attempts, baseSeconds int) time.Duration {
	if baseSeconds < 1 {
		baseSeconds = 30
	}
	wait := baseSeconds
	for i := 1; i < attempts && wait < BackoffCapSeconds; i++ {
		wait *= 2
	}
	return time.Duration(min(wait, BackoffCapSeconds)) * time.Second
}

// dueWhere is written as idx_outbox_due_kind's own WHERE (an OR, not an IN: PocketBase's index
// parser cuts a WHERE that ends in a parenthesis), so SQLite sees the claim may use that index.
const dueWhere = "(status = 'pending' OR status = 'failed') AND next_attempt_at <= {:now}"

// anyDue: is a job of `kind` (” any) due at `now` (onlyID: that job)? A read, so an empty look
// does not queue for SQLite's one write connection that guests' creates wait for.
func anyDue(app core.App, kind string, now time.Time, onlyID string) bool {
	var id string
	err := app.ConcurrentDB().NewQuery("SELECT id FROM outbox WHERE " + dueWhere + kindFilter(kind, onlyID) + " LIMIT 1").
		Bind(dbx.Params{"now": Stamp(now), "kind": kind, "only": onlyID}).Row(&id)
	return err == nil
}

// dueSelect is the ids a claim takes: the due jobs of `kind`, earliest first. For one kind it reads
// idx_outbox_due_kind (pb_migrations/1763702000_outbox_due_by_kind.js) in order and stops at
// {:max}; without that index SQLite sorted every due job for each claim.
func dueSelect(kind, onlyID string) string {
	return "SELECT id FROM outbox WHERE " + dueWhere + kindFilter(kind, onlyID) + " ORDER BY next_attempt_at LIMIT {:max}"
}

func kindFilter(kind, onlyID string) string {
	filter := ""
	if kind != "" {
		filter += " AND kind = {:kind}"
	}
	if onlyID != "" {
		filter += " AND id = {:only}"
	}
	return filter
}

// claim leases up to `max` jobs of `kind` (” any) due at `now`, oldest first, and returns them.
// One statement picks and leases them, so two lanes never get one job. The lease runs from the
// real time (a flush with its own clock still leases for real), and claimed_at marks the job as
// in flight for the start-up release.
func claim(app core.App, kind string, now time.Time, max int, onlyID string) ([]Job, error) {
	if !anyDue(app, kind, now, onlyID) {
		return nil, nil
	}
	real := time.Now()
	var jobs []Job
	err := app.NonconcurrentDB().NewQuery(
		"UPDATE outbox SET next_attempt_at = {:lease}, claimed_at = {:claimed} WHERE id IN (" + dueSelect(kind, onlyID) + ") " +
			"RETURNING id, kind, template, recipient, payload, record_collection, record_id, job_key, attempts, updated").
		Bind(dbx.Params{
			"now": Stamp(now), "kind": kind, "only": onlyID, "max": max,
			"lease": Stamp(real.Add(LeaseSeconds * time.Second)), "claimed": Stamp(real),
		}).All(&jobs)
	return jobs, err
}

// Outcome is what one attempt came to: sent, skipped (nothing to send, with why), or failed.
type Outcome struct {
	Sent    bool
	Skipped string
	Err     error
}

// Result names an outcome as the flush route counts it.
func (o Outcome) Result() string {
	switch {
	case o.Sent:
		return "sent"
	case o.Skipped != "":
		return "skipped"
	default:
		return "failed"
	}
}

// secretTemplates: jobs whose payload holds a secret (the staff sign-in code, a password reset
// link's or an invitation's token), wiped once the job is settled; which code and sign-in it was
// stay (hooks/lib/staff-auth.ts ends a sign-in's earlier codes).
var secretTemplates = map[string]bool{"staff_sign_in_code": true, "staff_password_reset": true, "staff_invite": true}

// record writes one attempt's outcome in one plain UPDATE and ends the claim. A failure is due
// again after its backoff, counted from the real time.
func record(app core.App, job Job, o Outcome, backoffBase int) error {
	now := time.Now()
	params := dbx.Params{"id": job.ID, "now": Stamp(now), "error": "", "next": ""}
	set := "status = 'failed', attempts = attempts + 1, last_error = {:error}, next_attempt_at = {:next}"
	settled := true
	switch {
	case o.Sent:
		set = "status = 'sent', attempts = attempts + 1, last_error = '', sent_at = {:now}"
	case o.Skipped != "":
		set = "status = 'skipped', last_error = {:error}"
		params["error"] = o.Skipped
	default:
		settled = false
		params["error"] = ErrorText(o.Err)
		params["next"] = Stamp(now.Add(Backoff(job.Attempts+1, backoffBase)))
	}
	if settled && secretTemplates[job.Template] {
		set += ", payload = json_remove(payload, '$.code', '$.token')"
	}
	_, err := app.NonconcurrentDB().NewQuery("UPDATE outbox SET " + set + ", claimed_at = '', updated = {:now} WHERE id = {:id}").
		Bind(params).Execute()
	return err
}

// ReleaseInFlight frees, at start-up, the jobs a previous process claimed and never settled (it
// died mid-send: kill -9, power loss): they are due now instead of a lease later. Only claimed
// jobs: one due later on purpose (a folded update mail, a retry's backoff) keeps its time.
func ReleaseInFlight(app core.App) (int64, error) {
	res, err := app.NonconcurrentDB().NewQuery(
		"UPDATE outbox SET next_attempt_at = {:now}, claimed_at = '' WHERE claimed_at != '' AND status IN ('pending', 'failed')").
		Bind(dbx.Params{"now": Stamp(time.Now())}).Execute()
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}
